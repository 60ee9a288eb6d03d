import { signInWithPasskeyRoute } from "@/lib/people/passkeys/passkey-api";

export const POST = signInWithPasskeyRoute;
export const dynamic = "force-dynamic";
