import {
  DueBeforeGivenError,
  EntryDoesNotFitItemError,
  ReasonRequiredError,
  UnknownTreatmentError,
} from "@/lib/animal-record/record-errors";
import { ApiError } from "./api-error";

/**
 * The medical record's refusals (lib/animal-record/record-errors.ts) as their documented
 * answers; their words are the domain's. A due day before the given day and a missing reason
 * are the body's fault, as the schemas' own checks of them are: 400 naming the field.
 */
export function medicalRefusal(error: unknown): ApiError | undefined {
  if (!(error instanceof Error)) return undefined;
  const { message } = error;
  if (error instanceof UnknownTreatmentError) {
    return new ApiError(422, "unknown_item", message, [{ field: "itemId", message: "names no item of the list" }]);
  }
  if (error instanceof EntryDoesNotFitItemError) return new ApiError(422, "entry_does_not_fit_item", message);
  if (error instanceof DueBeforeGivenError) {
    return new ApiError(400, "invalid_body", message, [{ field: "nextDue", message: "must be after givenOn" }]);
  }
  if (error instanceof ReasonRequiredError) {
    return new ApiError(400, "invalid_body", message, [{ field: "reason", message: "is required for this change" }]);
  }
  return undefined;
}
