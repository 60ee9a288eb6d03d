import "server-only";
import { ClaimLostError } from "@/lib/idempotency/idempotency-store";
import { IdSpaceExhaustedError, InvalidCursorError, StoreUnavailableError } from "@/lib/errors/store-errors";
import { ApiError } from "./api-error";
import { CursorExpiredError } from "@/lib/events/event-log";
import { UnreadableEventTypeError } from "@/lib/events/visibility";
import { peopleRefusal } from "./people-refusals";
import { RESOURCE_REFUSALS } from "@/lib/resources/registries";
import { ERROR_CODES, type ErrorCode } from "./errors";

/** Seconds a client should wait before retrying after storage refused or could not be reached. */
const STORE_RETRY_AFTER_SECONDS = "5";

/** Turns anything a handler throws into the ApiError to answer; unknown faults are logged, not disclosed. */
export function toApiError(error: unknown, requestId: string): ApiError {
  if (error instanceof ApiError) return error;
  if (error instanceof InvalidCursorError) {
    const message = "must be a cursor from a previous response's Link header";
    // Named as the client sent it: `cursor` on the listings, `after` on the event feed.
    const field = error.parameter;
    return new ApiError(400, "invalid_query", `Invalid query: ${field} ${message}.`, [{ field, message }]);
  }
  if (error instanceof CursorExpiredError) {
    const message =
      "Events after this cursor are no longer kept (retention pruned them): some were lost to you. Start again without `after`.";
    return new ApiError(410, "cursor_expired", message, [{ field: "after", message: "is older than retention" }]);
  }
  if (error instanceof UnreadableEventTypeError) {
    // The feed's type filter, the audit's type and resource filters, a webhook's event types.
    const message = `This caller cannot read ${error.type} events: they need the ${error.scope} scope.`;
    return new ApiError(403, "insufficient_scope", message);
  }
  const refusal = storeRefusal(error) ?? peopleRefusal(error) ?? declaredRefusal(error);
  if (refusal) return refusal;
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
  console.error(`[${requestId}] unexpected error:`, withoutRowData(error));
  return new ApiError(500, "internal_error", `Something went wrong on our side (request ${requestId}).`);
}

/**
 * A declared resource's refusal (docs/decisions/282) as its code's answer: the code's status,
 * the error's own message (domain refusals never hold personal data), the field it names.
 */
export function declaredRefusal(error: unknown): ApiError | undefined {
  if (!(error instanceof Error)) return undefined;
  const refusal = RESOURCE_REFUSALS.find((declared) =>
    declared.error ? error instanceof declared.error : declared.family(error),
  );
  if (!refusal) return undefined;
  const code = refusal.code as ErrorCode;
  const message = refusal.message?.(error as never) ?? error.message;
  const details = refusal.field && [refusal.field];
  return new ApiError(
    ERROR_CODES[code].status,
    code,
    message,
    details,
    undefined,
    refusal.currentStatus?.(error as never),
  );
}

/**
 * The storage's own refusals, which no one resource owns, as their documented answers: a lost
 * idempotency claim (its answer carries `Retry-After`) and an id space run out. A resource's
 * refusals are in its declaration (declaredRefusal).
 */
function storeRefusal(error: unknown): ApiError | undefined {
  // The claim was taken over before the write committed: the request holding it now runs.
  if (error instanceof ClaimLostError) return idempotencyKeyInUse();
  if (error instanceof IdSpaceExhaustedError) return idSpaceExhausted(error.kind);
  return undefined;
}

/** 409: the next id would pass 2^53−1 (docs/decisions/130); a category may still be created with a free id. */
function idSpaceExhausted(kind: IdSpaceExhaustedError["kind"]): ApiError {
  const advice = kind === "category" ? " Create the category with a free `id` of your choice instead." : "";
  const message = `No ${kind} id is left after ${Number.MAX_SAFE_INTEGER}, the largest a JSON number holds exactly; nothing was saved.${advice}`;
  return new ApiError(409, "id_space_exhausted", message);
}

/** 409: another request with this Idempotency-Key is running. */
export function idempotencyKeyInUse(): ApiError {
  return new ApiError(
    409,
    "idempotency_key_in_use",
    "A request with this Idempotency-Key is still running; retry later.",
    undefined,
    { "Retry-After": "1" },
  );
}

function describe(cause: unknown): string {
  if (cause instanceof Error) return `${(cause as NodeJS.ErrnoException).code ?? cause.name}: ${cause.message}`;
  return String(cause);
}

/**
 * The fault as logged: a PostgreSQL error's `detail` and `where` can quote the row it
 * refused (a pet's name, an adopter), which must not reach the log; the message, code,
 * constraint and stack stay.
 */
function withoutRowData(error: unknown): unknown {
  if (!(error instanceof Error) || !("detail" in error || "where" in error)) return error;
  const copy: Error & { detail?: unknown; where?: unknown } = Object.assign(new Error(error.message), error);
  delete copy.detail;
  delete copy.where;
  copy.name = error.name;
  copy.stack = error.stack;
  return copy;
}
