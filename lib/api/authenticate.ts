import "server-only";
import { getApiKeys } from "./api-keys";
import { B64TOKEN } from "./b64token";
import { ApiError } from "./errors";
import { parseAuthorization } from "./parse-authorization";

const REALM = 'Bearer realm="petstore"';

/**
 * Throws a 401 unless the request carries `Authorization: Bearer <known key>`.
 * RFC 6750 §3: a request with no bearer credential gets the bare challenge; one whose
 * token is wrong also gets `error="invalid_token"`. The token is never echoed or logged.
 */
export async function authenticate(request: Request): Promise<void> {
  const parts = parseAuthorization(request.headers.get("authorization") ?? "");
  if (parts?.scheme.toLowerCase() !== "bearer") {
    throw unauthorized("Missing API key: send Authorization: Bearer <key>.", REALM);
  }
  const token = parts.credentials;
  const { ring } = await getApiKeys();
  if (!B64TOKEN.test(token) || !ring.accepts(token)) {
    throw unauthorized("Invalid API key.", `${REALM}, error="invalid_token"`);
  }
}

function unauthorized(message: string, challenge: string): ApiError {
  return new ApiError(401, "unauthorized", message, undefined, { "WWW-Authenticate": challenge });
}
