import "server-only";
import { API_CACHE_CONTROL } from "./cache-control";
import { ApiError } from "./errors";
import { requestIdOf } from "./request-id";
import { toApiError } from "./to-api-error";

export type RouteHandler<Context = unknown> = (request: Request, context: Context) => Promise<Response>;

/**
 * Wraps a /v1 handler: whatever it returns or throws becomes a JSON response carrying
 * an X-Request-Id and, unless the handler chose otherwise, API_CACHE_CONTROL.
 */
export function apiRoute<Context>(handle: RouteHandler<Context>): RouteHandler<Context> {
  return async (request, context) => {
    const requestId = requestIdOf(request);
    let response: Response;
    try {
      response = await handle(request, context);
    } catch (error) {
      response = errorResponse(toApiError(error, requestId));
    }
    response.headers.set("X-Request-Id", requestId);
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", API_CACHE_CONTROL);
    return response;
  };
}

export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit): Response {
  return Response.json(body, { status, headers });
}

export function errorResponse(error: ApiError): Response {
  return jsonResponse(error.toBody(), error.status, error.headers);
}
