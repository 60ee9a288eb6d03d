import { passkeySignInOptions } from "@/lib/people/passkeys/passkey-api";

export const POST = passkeySignInOptions;
export const dynamic = "force-dynamic";
