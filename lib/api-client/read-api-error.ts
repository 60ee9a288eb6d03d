import { ApiError, type ClientErrorCode } from "@/lib/api/api-error";
import type { ErrorCode, ErrorDetail } from "@/lib/api/errors";

/** What the browser's API client throws: the API's Error, or one it could not read. */
export type ClientApiError = ApiError<ErrorCode | ClientErrorCode>;

export function isUnauthorized(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * Turns a failed response into an ApiError, whatever its body looks like. Checked by hand
 * rather than with the zod ErrorBody schema: sign-in uses this too, and keeping zod out of
 * that first screen's bundle is worth these few lines.
 */
export async function readApiError(response: Response): Promise<ClientApiError> {
  const body = (await response.json().catch(() => null)) as Record<string, unknown> | null;
  const message = typeof body?.message === "string" ? body.message : `The API answered ${response.status}`;
  const code = typeof body?.code === "string" ? (body.code as ErrorCode) : "unreadable_response";
  const details = Array.isArray(body?.details)
    ? body.details.filter(
        (item): item is ErrorDetail => typeof item?.field === "string" && typeof item?.message === "string",
      )
    : [];
  const currentStatus = typeof body?.currentStatus === "string" ? body.currentStatus : undefined;
  return new ApiError<ErrorCode | ClientErrorCode>(response.status, code, message, details, undefined, currentStatus);
}
