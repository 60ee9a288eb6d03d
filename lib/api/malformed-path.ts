import { ApiError } from "./api-error";
import { API_CACHE_CONTROL } from "./cache-control";
import { requestIdOf } from "./request-id";

/**
 * A /v1 path with a broken percent-escape (`/v1/pets/%`, or bytes that are not UTF-8 such
 * as `%FF`) makes Next's router throw while decoding route params, before any route
 * handler runs, and it answers a plain-text 500. proxy.ts's matcher selects only /v1 paths
 * with a stray "%" or an escaped non-ASCII byte (so ordinary /v1 requests never pay for
 * the proxy) and asks here whether the path really cannot be decoded.
 */
export function isMalformedPath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return false;
  } catch {
    return true;
  }
}

/** The API's JSON 400 for such a path. */
export function malformedPathResponse(request: Request): Response {
  const error = new ApiError(400, "invalid_path", "The URL path has a malformed percent-escape.");
  return Response.json(error.toBody(), {
    status: error.status,
    headers: { "X-Request-Id": requestIdOf(request), "Cache-Control": API_CACHE_CONTROL },
  });
}
