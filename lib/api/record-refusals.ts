import {
  NoOpenStayError,
  NotAdoptedError,
  PlacementOverlapError,
  SecondOpenStayError,
  StayEndedError,
  StaysOverlapError,
  isRecordRefusal,
} from "@/lib/animal-record/record-errors";
import { ApiError } from "./api-error";

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
 * answers, in the domain's words (they never hold personal data): 409 `record_conflict` for a
 * conflict with what is recorded, 422 `invalid_record` for values the record's rules refuse
 * (a body that parsed, as `unknown_pet` and `invalid_image` are 422 too).
 */
export function recordRefusal(error: unknown): ApiError | undefined {
  if (!isRecordRefusal(error)) return undefined;
  if (CONFLICTS.some((conflict) => error instanceof conflict))
    return new ApiError(409, "record_conflict", error.message);
  return new ApiError(422, "invalid_record", error.message);
}
