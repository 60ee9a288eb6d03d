import { removeOwnPasskey } from "@/lib/people/passkeys/passkey-api";

export const DELETE = removeOwnPasskey;
export const dynamic = "force-dynamic";
