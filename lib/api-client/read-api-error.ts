import { ApiError, type ClientErrorCode } from "@/lib/api/api-error";
import type { ErrorCode, ErrorDetail } from "@/lib/api/errors";
import { rateLimitMessage } from "./rate-limit-message";

/** What the browser's API client throws: the API's Error, or one it could not read. */
export type ClientApiError = ApiError<ErrorCode | ClientErrorCode>;

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Turns a failed answer into an ApiError, whatever its body was (JSON, text or nothing, as
 * openapi-fetch read it). Checked by hand rather than with the zod ErrorBody schema: sign-in
 * uses this too, and keeping zod out of that first screen's bundle is worth these few lines.
 */
export function apiErrorFrom(status: number, errorBody: unknown, headers?: Headers): ClientApiError {
  const body = (typeof errorBody === "object" ? errorBody : null) as Record<string, unknown> | null;
  const message =
    (status === 429 && headers ? rateLimitMessage(headers) : undefined) ??
    (typeof body?.message === "string" ? body.message : `The API answered ${status}`);
  const code = typeof body?.code === "string" ? (body.code as ErrorCode) : "unreadable_response";
  const details = Array.isArray(body?.details)
    ? body.details.filter(
        (item): item is ErrorDetail => typeof item?.field === "string" && typeof item?.message === "string",
      )
    : [];
  const currentStatus = typeof body?.currentStatus === "string" ? body.currentStatus : undefined;
  return new ApiError<ErrorCode | ClientErrorCode>(status, code, message, details, undefined, currentStatus);
}

/** An answer whose body is not the shape the API documents. */
export function unreadableAnswer(status: number, message: string): ClientApiError {
  return new ApiError<ErrorCode | ClientErrorCode>(status, "unreadable_response", message);
}
