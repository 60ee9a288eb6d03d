import {
  DueBeforeGivenError,
  EntryDoesNotFitItemError,
  NoOpenStayError,
  NotAdoptedError,
  PlacementOverlapError,
  ReasonRequiredError,
  SecondOpenStayError,
  StayEndedError,
  StaysOverlapError,
  UnknownTreatmentError,
  isRecordRefusal,
} from "./record-errors";
import { ApiError } from "@/lib/api/api-error";

/** Refusals that conflict with what the record holds: the same request may succeed once it changes. */
const CONFLICTS = [
  SecondOpenStayError,
  StaysOverlapError,
  NoOpenStayError,
  StayEndedError,
  NotAdoptedError,
  PlacementOverlapError,
];

/**
 * The animal's record's refusals (lib/animal-record/record-errors.ts) as their documented
 * answers, in the domain's words (they never hold personal data):
 * - 409 `record_conflict`: a conflict with what is recorded;
 * - 400 `invalid_body` naming the field, where the body lacks what the change needs (a reason)
 *   or says what no body could (a due day on or before the given day), as the schemas' own
 *   checks of those fields answer, and as a pet's status change without a reason does;
 * - 422 `unknown_item` and `entry_does_not_fit_item` for a medical entry the list cannot take;
 * - 422 `invalid_record` for the other values the rules refuse (a body that parsed, as
 *   `unknown_pet` and `invalid_image` are 422 too).
 */
export function recordRefusal(error: unknown): ApiError | undefined {
  if (!isRecordRefusal(error)) return undefined;
  const { message } = error;
  if (CONFLICTS.some((conflict) => error instanceof conflict)) return new ApiError(409, "record_conflict", message);
  if (error instanceof ReasonRequiredError) {
    return new ApiError(400, "invalid_body", message, [{ field: "reason", message: "is required for this change" }]);
  }
  if (error instanceof DueBeforeGivenError) {
    return new ApiError(400, "invalid_body", message, [{ field: "nextDue", message: "must be after givenOn" }]);
  }
  if (error instanceof UnknownTreatmentError) {
    return new ApiError(422, "unknown_item", message, [{ field: "itemId", message: "names no item of the list" }]);
  }
  if (error instanceof EntryDoesNotFitItemError) return new ApiError(422, "entry_does_not_fit_item", message);
  return new ApiError(422, "invalid_record", message);
}
