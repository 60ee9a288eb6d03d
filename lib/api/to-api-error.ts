import "server-only";
import { InvalidCursorError, StoreUnavailableError } from "@/lib/store/pet-store";
import { ApiError } from "./errors";

/** Seconds a client should wait before retrying after storage refused or could not be reached. */
const STORE_RETRY_AFTER_SECONDS = "5";

/** Turns anything a handler throws into the ApiError to answer; unknown faults are logged, not disclosed. */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof InvalidCursorError) {
    const message = "must be a cursor from a previous response's Link header";
    return new ApiError(400, "invalid_query", `Invalid query: cursor ${message}.`, [{ field: "cursor", message }]);
  }
  if (error instanceof StoreUnavailableError) {
    console.error(`[${requestId}] store unavailable:`, describe(error.cause));
    return new ApiError(
      503,
      "store_unavailable",
      "The pet store cannot reach its storage right now; nothing was saved. Retry later.",
      undefined,
      {
        "Retry-After": STORE_RETRY_AFTER_SECONDS,
      },
    );
  }
  console.error(`[${requestId}] unexpected error:`, error);
  return new ApiError(500, "internal_error", `Something went wrong on our side (request ${requestId}).`);
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return `${(cause as NodeJS.ErrnoException).code ?? cause.name}: ${cause.message}`;
  return String(cause);
}
