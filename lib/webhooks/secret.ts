import "server-only";
import { randomBytes } from "node:crypto";

/** Standard Webhooks' secret prefix: the rest is the key, base64. */
const PREFIX = "whsec_";

/** A new signing secret: `whsec_` and 32 random bytes in base64 (the spec asks 24 to 64). */
export function newSigningSecret(): string {
  return PREFIX + randomBytes(32).toString("base64");
}

/** The HMAC key a `whsec_…` secret stands for. */
export function keyOfSecret(secret: string): Buffer {
  return Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, "base64");
}
