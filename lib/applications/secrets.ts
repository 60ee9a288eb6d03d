import "server-only";
import { createHash, createHmac, randomInt } from "node:crypto";
import { getSigningKey } from "@/lib/people/accounts";
import { formStampKeyFrom } from "./spam-checks";

/*
 * The application's secrets and keys. The status link's token is shown once (the
 * confirmation page, the adopter's e-mail) and stored only as its SHA-256. The e-mail is kept
 * in the answers, but found by a keyed digest, so duplicates and one person's data can be
 * found without a scan and without an unkeyed hash anyone could reverse by guessing.
 */

/** Crockford's base 32, without I, L, O, U: read aloud over the phone without confusion. */
const REFERENCE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

/** `A-7K3P-9QX2`: 40 bits, not sequential, so it tells nobody how many applications there are. */
export function newReference(): string {
  const chars = Array.from({ length: 8 }, () => REFERENCE_ALPHABET[randomInt(REFERENCE_ALPHABET.length)]);
  return `A-${chars.slice(0, 4).join("")}-${chars.slice(4).join("")}`;
}

/**
 * The status link's token: derived from the store's key and the application's reference and
 * time, so a second application by the same e-mail can have the link sent again
 * (docs/decisions/195) although only its digest is stored. 43 base64url characters.
 */
export async function statusTokenFor(reference: string, submittedAt: string): Promise<string> {
  return createHmac("sha256", await purposeKey("application-status-link"))
    .update(`${reference}|${submittedAt}`)
    .digest("base64url");
}

export const statusTokenDigest = (token: string) => createHash("sha256").update(token).digest("hex");

/** The store's key (shared by every instance), narrowed to this one use. */
export async function emailDigest(email: string): Promise<string> {
  return createHmac("sha256", await purposeKey("application-email"))
    .update(email.trim().toLowerCase())
    .digest("hex");
}

/** A posted form's keyed digest: recognises the same form sent twice, never stored beside its answers. */
export async function formDigest(canonicalForm: string): Promise<string> {
  return createHmac("sha256", await purposeKey("application-form"))
    .update(canonicalForm)
    .digest("hex");
}

/** The key the adopters' form stamps are signed with (lib/applications/spam-checks.ts). */
export const formStampKey = async () => formStampKeyFrom(await getSigningKey());

async function purposeKey(purpose: string): Promise<Buffer> {
  return createHmac("sha256", await getSigningKey())
    .update(purpose)
    .digest();
}
