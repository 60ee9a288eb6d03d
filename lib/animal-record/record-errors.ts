import { brandedError, fixedError, namedError } from "@/lib/errors/branded-error";

/*
 * The refusals of the animal's record (docs/decisions/239): each message is the caller's
 * answer word for word; the HTTP layer gives each its status and code (409 for a conflict with
 * what is recorded, 400 for input no record could take). Nothing here knows HTTP.
 */

/** An outcome dated before its stay's intake. */
export class OutcomeBeforeIntakeError extends fixedError(
  "OutcomeBeforeIntakeError",
  "The outcome is dated before the stay's intake.",
) {}

/** An intake while the animal already has an open stay. */
export class SecondOpenStayError extends brandedError(Symbol.for("petstore.SecondOpenStayError")) {
  constructor(readonly openStayId: number) {
    super(`The animal is already in care (stay ${openStayId}): record that stay's outcome first.`);
    this.name = "SecondOpenStayError";
  }
}

/** A stay overlapping another: an intake dated before the previous stay's outcome. */
export class StaysOverlapError extends brandedError(Symbol.for("petstore.StaysOverlapError")) {
  constructor(readonly stayId: number) {
    super(`The stay would overlap stay ${stayId}: each intake comes after the previous stay's outcome.`);
    this.name = "StaysOverlapError";
  }
}

/** Something that needs the animal in care (an outcome, a placement) when it has no open stay. */
export class NoOpenStayError extends fixedError("NoOpenStayError", "The animal is not in care: it has no open stay.") {}

/** An outcome for a stay that has one already (a later stay may be open): correct or withdraw it instead. */
export class StayEndedError extends fixedError(
  "StayEndedError",
  "The stay has ended already: correct or withdraw its outcome instead.",
) {}

/** An outcome SAC does not allow after this stay's intake (returned to field needs a stray, …). */
export class OutcomeNotAllowedError extends namedError("OutcomeNotAllowedError") {}

/** A returned adoption for an animal whose last stay did not end in an adoption. */
export class NotAdoptedError extends fixedError(
  "NotAdoptedError",
  "Only an adopted animal can be returned from adoption: its last stay did not end in an adoption.",
) {}

/** A next due date on or before the day the treatment was given. */
export class DueBeforeGivenError extends fixedError(
  "DueBeforeGivenError",
  "The next due date must be after the day it was given.",
) {}

/** A foster placement that begins before the stay's intake or runs past its outcome. */
export class PlacementOutsideStayError extends namedError("PlacementOutsideStayError") {}

/** A foster placement overlapping another of the same animal. */
export class PlacementOverlapError extends brandedError(Symbol.for("petstore.PlacementOverlapError")) {
  constructor(readonly otherPlacementId: number) {
    super(`The placement overlaps placement ${otherPlacementId}: an animal is in one foster home at a time.`);
    this.name = "PlacementOverlapError";
  }
}

/** A correction of a recorded fact without the reason it needs. */
export class ReasonRequiredError extends brandedError(Symbol.for("petstore.ReasonRequiredError")) {
  constructor(what: string) {
    super(`Correcting ${what} needs a reason.`);
    this.name = "ReasonRequiredError";
  }
}

/** A correction whose result no record could hold (a transfer left without its scope, …). */
export class InvalidCorrectionError extends namedError("InvalidCorrectionError") {}

/** A medical entry naming an item the shelter's list does not keep. */
export class UnknownTreatmentError extends brandedError(Symbol.for("petstore.UnknownTreatmentError")) {
  constructor(readonly itemId: number) {
    super(`The shelter's list has no item ${itemId}.`);
    this.name = "UnknownTreatmentError";
  }
}

/** A medical entry whose details do not fit its item's kind (a lot on a test, a test without its result). */
export class EntryDoesNotFitItemError extends namedError("EntryDoesNotFitItemError") {}

/** Every refusal above, for the HTTP layer's mapping and its test. */
export const RECORD_REFUSALS = [
  OutcomeBeforeIntakeError,
  SecondOpenStayError,
  StaysOverlapError,
  NoOpenStayError,
  OutcomeNotAllowedError,
  NotAdoptedError,
  DueBeforeGivenError,
  PlacementOutsideStayError,
  PlacementOverlapError,
  ReasonRequiredError,
  InvalidCorrectionError,
  UnknownTreatmentError,
  EntryDoesNotFitItemError,
  StayEndedError,
] as const;

export function isRecordRefusal(error: unknown): error is InstanceType<(typeof RECORD_REFUSALS)[number]> {
  return RECORD_REFUSALS.some((refusal) => error instanceof refusal);
}
