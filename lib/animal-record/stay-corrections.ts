import { checkPlacements } from "./foster-rules";
import { InvalidCorrectionError, OutcomeNotAllowedError } from "./record-errors";
import { NewIntake, NewOutcome, type Stay } from "./stay-schemas";
import type { IntakeCorrection, OutcomeCorrection, OutcomeWithdrawal } from "./stay-correction-schemas";
import { checkStays, lastStayOf, outcomeProblem } from "./stay-rules";

/*
 * Corrections of a recorded stay, as a pet's status correction (docs/decisions/155): the
 * patch is merged (null removes), the result re-checked by every rule a new record meets,
 * and what changed is returned with its reason for the audit entry.
 */

/** What the audit records of a correction: the fields changed (never their values) and the reason. */
export type CorrectionNote = { stayId: number; part: "intake" | "outcome"; fields: string[]; reason?: string };

type Corrected = { stays: Stay[]; stay: Stay; note: CorrectionNote };

/** The record with the patch merged (RFC 7396: null removes), to be parsed again as a new one. */
function merge(current: object, patch: object): Record<string, unknown> {
  const merged: Record<string, unknown> = { ...current };
  for (const [field, value] of Object.entries(patch)) {
    if (field === "reason" || value === undefined) continue;
    if (value === null) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}

const changedFields = (patch: object) => Object.keys(patch).filter((field) => field !== "reason");

function replaced(stays: readonly Stay[], stay: Stay, timeZone: string): Stay[] {
  const next = stays.map((each) => (each.id === stay.id ? stay : each));
  checkStays(next, stay.id);
  checkPlacements(stay, timeZone);
  return next;
}

function found(stays: readonly Stay[], stayId: number): Stay {
  const stay = stays.find((each) => each.id === stayId);
  if (!stay) throw new InvalidCorrectionError(`The animal has no stay ${stayId}.`);
  return stay;
}

/** Corrects stay `stayId`'s intake. */
export function correctIntake(
  stays: readonly Stay[],
  stayId: number,
  patch: IntakeCorrection,
  timeZone: string,
): Corrected {
  const stay = found(stays, stayId);
  const parsed = NewIntake.safeParse(merge(stay.intake, patch));
  if (!parsed.success) throw new InvalidCorrectionError(firstProblem(parsed.error));
  const corrected: Stay = { ...stay, intake: parsed.data };
  if (corrected.outcome) {
    const problem = outcomeProblem(corrected.intake.type, corrected.outcome.type);
    if (problem) throw new OutcomeNotAllowedError(problem);
  }
  return {
    stays: replaced(stays, corrected, timeZone),
    stay: corrected,
    note: { stayId, part: "intake", fields: changedFields(patch), ...(patch.reason ? { reason: patch.reason } : {}) },
  };
}

/** Corrects stay `stayId`'s outcome. */
export function correctOutcome(
  stays: readonly Stay[],
  stayId: number,
  patch: OutcomeCorrection,
  timeZone: string,
): Corrected {
  const stay = found(stays, stayId);
  if (!stay.outcome) throw new InvalidCorrectionError(`Stay ${stayId} has no outcome to correct.`);
  const parsed = NewOutcome.safeParse(merge(stay.outcome, patch));
  if (!parsed.success) throw new InvalidCorrectionError(firstProblem(parsed.error));
  const problem = outcomeProblem(stay.intake.type, parsed.data.type);
  if (problem) throw new OutcomeNotAllowedError(problem);
  const corrected: Stay = { ...stay, outcome: parsed.data };
  return {
    stays: replaced(stays, corrected, timeZone),
    stay: corrected,
    note: { stayId, part: "outcome", fields: changedFields(patch), ...(patch.reason ? { reason: patch.reason } : {}) },
  };
}

/**
 * Withdraws the outcome of the animal's last stay, recorded by mistake: that stay is open
 * again. Only the last: an earlier stay reopened would be a second open stay.
 */
export function withdrawOutcome(stays: readonly Stay[], stayId: number, withdrawal: OutcomeWithdrawal): Corrected {
  const stay = found(stays, stayId);
  if (!stay.outcome) throw new InvalidCorrectionError(`Stay ${stayId} has no outcome to withdraw.`);
  if (lastStayOf(stays)?.id !== stayId) {
    throw new InvalidCorrectionError("Only the last stay's outcome can be withdrawn: a later stay has begun.");
  }
  const open: Stay = { ...stay };
  delete open.outcome;
  const next = stays.map((each) => (each.id === stayId ? open : each));
  return { stays: next, stay: open, note: { stayId, part: "outcome", fields: ["outcome"], reason: withdrawal.reason } };
}

function firstProblem(error: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  return issue ? `${issue.path.map(String).join(".") || "intake"} ${issue.message}` : "The correction is not valid.";
}
