import { passkeyRegistrationOptions } from "@/lib/people/passkeys/passkey-api";

export const POST = passkeyRegistrationOptions;
export const dynamic = "force-dynamic";
