import { API_CACHE_CONTROL } from "@/lib/api/cache-control";
import { ApiError } from "@/lib/api/api-error";

/**
 * The front server cannot build a Request from a request target or Host header that is not a
 * valid URL; the answer is still the API's JSON Error body, not an empty 400.
 */
export function requestErrorResponse(): Response {
  const error = new ApiError(400, "invalid_path", "The request target is not a valid URL.");
  return Response.json(error.toBody(), {
    status: error.status,
    headers: { "X-Request-Id": crypto.randomUUID(), "Cache-Control": API_CACHE_CONTROL },
  });
}

/** A fault of the front server's own while writing an answer, before anything was sent. */
export function internalErrorResponse(): Response {
  const requestId = crypto.randomUUID();
  const error = new ApiError(500, "internal_error", `Something went wrong on our side (request ${requestId}).`);
  return Response.json(error.toBody(), {
    status: error.status,
    headers: { "X-Request-Id": requestId, "Cache-Control": API_CACHE_CONTROL },
  });
}

/** A target in absolute form naming another host than Host, or no target a server serves (lib/front/absolute-target.ts). */
export function foreignTargetResponse(): Response {
  const error = new ApiError(400, "bad_request", "The request target names another host than the Host header.");
  return Response.json(error.toBody(), {
    status: error.status,
    headers: { "X-Request-Id": crypto.randomUUID(), "Cache-Control": API_CACHE_CONTROL },
  });
}
