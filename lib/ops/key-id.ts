import { createHash } from "node:crypto";
import { parseAuthorization } from "@/lib/api/parse-authorization";

/**
 * Names the bearer key a request used, for the access log, without the key: the first 12
 * hex digits of its SHA-256 ("key:3f9a…"). Keys are at least 16 random-looking characters,
 * so the digest prefix tells keys apart and cannot be turned back into one. Undefined when
 * there is no bearer credential.
 */
export function keyIdOf(authorization: string | null): string | undefined {
  const parts = parseAuthorization(authorization ?? "");
  if (parts?.scheme.toLowerCase() !== "bearer" || !parts.credentials) return undefined;
  return `key:${createHash("sha256").update(parts.credentials, "utf8").digest("hex").slice(0, 12)}`;
}
