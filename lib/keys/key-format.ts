import { hash, randomBytes } from "node:crypto";

/**
 * Issued keys look like `psk_<id><secret><check>`: a fixed prefix that secret scanners
 * can match in a leaked log or repository, a public id (12 hex) that names the key in
 * listings, 43 base64url characters (256 bits) of secret, and 8 hex of checksum so a
 * mistyped key is refused before any lookup (docs/decisions/090-issued-api-keys.md).
 */
export const KEY_PREFIX = "psk_";
const ID_LENGTH = 12;
const SECRET_LENGTH = 43;
const CHECK_LENGTH = 8;
export const ISSUED_KEY_LENGTH = KEY_PREFIX.length + ID_LENGTH + SECRET_LENGTH + CHECK_LENGTH;
const ISSUED_KEY = /^psk_[0-9a-f]{12}[A-Za-z0-9_-]{43}[0-9a-f]{8}$/;

export function generateKey(): { key: string; id: string } {
  const id = randomBytes(ID_LENGTH / 2).toString("hex");
  const body = `${KEY_PREFIX}${id}${randomBytes(32).toString("base64url")}`;
  return { key: `${body}${checksumOf(body)}`, id };
}

/** The key's id when `token` is shaped like an issued key and its checksum holds. */
export function issuedKeyId(token: string): string | undefined {
  const id = issuedKeyShapeId(token);
  return id !== undefined && checksumHolds(token) ? id : undefined;
}

/** The id part of a token shaped like an issued key, its checksum not yet checked. */
export function issuedKeyShapeId(token: string): string | undefined {
  if (token.length !== ISSUED_KEY_LENGTH || !ISSUED_KEY.test(token)) return undefined;
  return issuedKeyIdPart(token);
}

/** A cheap first look, before any hash or lookup: the length and prefix of an issued key. */
export function mayBeIssuedKey(token: string): boolean {
  return token.length === ISSUED_KEY_LENGTH && token.startsWith(KEY_PREFIX);
}

/** Where an issued key keeps its id; meaningful only for a token of that length and prefix. */
export function issuedKeyIdPart(token: string): string {
  return token.slice(KEY_PREFIX.length, KEY_PREFIX.length + ID_LENGTH);
}

/** True when the last characters of an issued-key-shaped token are its body's checksum. */
export function checksumHolds(token: string): boolean {
  return checksumOf(token.slice(0, -CHECK_LENGTH)) === token.slice(-CHECK_LENGTH);
}

function checksumOf(body: string): string {
  return hash("sha256", body, "hex").slice(0, CHECK_LENGTH);
}

/**
 * SHA-256 of the whole key, hex. Issued keys carry 256 bits of randomness, so a fast hash
 * is enough (a password hash would only slow every request); only this is stored.
 */
export function hashKey(token: string): string {
  return digestOf(token);
}

/**
 * SHA-256 of a presented token, as lower-case hex: computed once per request and compared
 * with every configured key and the issued key's stored hash (one-shot `hash` to a string:
 * asking it for a Buffer cost two and a half times as much on the request path, issue 39).
 */
export function digestOf(token: string): string {
  return hash("sha256", token, "hex");
}

/**
 * Constant-time comparison of two hex digests: every character is compared, match or not,
 * so how long it takes says nothing about where they differ (what timingSafeEqual does,
 * without decoding both into Buffers first).
 */
export function sameHash(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
