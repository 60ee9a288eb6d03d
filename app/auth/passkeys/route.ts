import { addOwnPasskey, listOwnPasskeys } from "@/lib/people/passkeys/passkey-api";

export const GET = listOwnPasskeys;
export const POST = addOwnPasskey;
export const dynamic = "force-dynamic";
