import "server-only";
import { createHash, createHmac, randomBytes, randomInt } from "node:crypto";
import { getSigningKey } from "@/lib/people/accounts";

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

export const newStatusToken = () => randomBytes(32).toString("base64url");
export const statusTokenDigest = (token: string) => createHash("sha256").update(token).digest("hex");

/** The store's key (shared by every instance), narrowed to this one use. */
export async function emailDigest(email: string): Promise<string> {
  const key = createHmac("sha256", await getSigningKey())
    .update("application-email")
    .digest();
  return createHmac("sha256", key).update(email.trim().toLowerCase()).digest("hex");
}
