import { ApiError } from "./api-error";

/** Longest Idempotency-Key accepted; a UUID is 36. */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 255;

// draft-ietf-httpapi-idempotency-key-header: an RFC 8941 sf-string, `"…"` of printable
// ASCII (escapes are not accepted). Many clients send it bare; a bare value of visible
// ASCII without quotes, commas or backslashes is taken as the same key (docs/decisions/092).
const QUOTED = /^"([\x20\x21\x23-\x5b\x5d-\x7e]*)"$/;
const BARE = /^[\x21\x23-\x2b\x2d-\x5b\x5d-\x7e]+$/;

/** The request's Idempotency-Key, undefined when absent; a malformed one is a 400. */
export function parseIdempotencyKey(request: Request): string | undefined {
  const raw = request.headers.get("idempotency-key");
  if (raw === null) return undefined;
  const value = raw.trim();
  const key = QUOTED.exec(value)?.[1] ?? (BARE.test(value) ? value : undefined);
  if (key === undefined) {
    const reason = value.includes(",")
      ? "must be sent once"
      : 'must be a quoted string of printable ASCII, such as "4b1e2c9a-…"';
    throw invalid(reason);
  }
  if (key.length === 0) throw invalid("must not be empty");
  if (key.length > MAX_IDEMPOTENCY_KEY_LENGTH)
    throw invalid(`must be at most ${MAX_IDEMPOTENCY_KEY_LENGTH} characters`);
  return key;
}

function invalid(reason: string): ApiError {
  return new ApiError(400, "invalid_idempotency_key", `Invalid Idempotency-Key header: it ${reason}.`, [
    { field: "Idempotency-Key", message: reason },
  ]);
}
