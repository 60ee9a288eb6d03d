import type { IntakeType } from "./intake-types";
import type { OutcomeType } from "./outcome-types";
import type { NewIntake, NewOutcome, Stay } from "./stay-schemas";
import { checkPlacements, endOpenPlacements } from "./foster-rules";
import { isBefore } from "./calendar-day";
import {
  NoOpenStayError,
  OutcomeBeforeIntakeError,
  OutcomeNotAllowedError,
  SecondOpenStayError,
  StayEndedError,
  StaysOverlapError,
} from "./record-errors";

/*
 * The rules of an animal's stays, pure: the store runs them on the stays as stored, under its
 * lock, and writes what they return (docs/decisions/250). An animal has at most one open stay,
 * its stays follow one another, and each outcome comes after its intake.
 */

const byIntake = (a: Stay, b: Stay) => Date.parse(a.intake.at) - Date.parse(b.intake.at) || a.id - b.id;

/** The animal's open stay: the one without an outcome. */
export function openStayOf(stays: readonly Stay[]): Stay | undefined {
  return stays.find((stay) => stay.outcome === undefined);
}

/** The animal's latest stay by intake, open or not. */
export function lastStayOf(stays: readonly Stay[]): Stay | undefined {
  return [...stays].sort(byIntake).at(-1);
}

/**
 * Checks stays against one another: each outcome on or after its intake, one stay open at
 * most, and each intake on or after the previous stay's outcome. `changed` is the stay being
 * written, so that an overlap names the other one.
 */
export function checkStays(stays: readonly Stay[], changed?: number): void {
  const open = stays.filter((stay) => stay.outcome === undefined);
  const other = open.find((stay) => stay.id !== changed);
  if (open.length > 1 && other) throw new SecondOpenStayError(other.id);
  const ordered = [...stays].sort(byIntake);
  ordered.forEach((stay, at) => {
    if (stay.outcome && isBefore(stay.outcome.at, stay.intake.at)) throw new OutcomeBeforeIntakeError();
    const next = ordered[at + 1];
    if (next && (!stay.outcome || isBefore(next.intake.at, stay.outcome.at))) {
      throw new StaysOverlapError(stay.id === changed ? next.id : stay.id);
    }
  });
}

/** Opens stay `id` with `intake`: refused while another stay is open or before the last one ended. */
export function openStay(stays: readonly Stay[], intake: NewIntake, ids: { id: number; petId: number }): Stay {
  const open = openStayOf(stays);
  if (open) throw new SecondOpenStayError(open.id);
  const stay: Stay = { id: ids.id, petId: ids.petId, intake, placements: [] };
  checkStays([...stays, stay], stay.id);
  return stay;
}

/**
 * The intake of a pet created without one (the plain `POST /v1/pets`), and of every pet that
 * existed before the record: "other", not recorded, at its creation, so counts are never
 * silently short (docs/decisions/248).
 */
export function intakeNotRecorded(at: string): NewIntake {
  return { at, type: "other", subtype: "not_recorded", condition: "not_assessed", sourceKind: "unknown" };
}

/** The problem SAC's definitions find with this outcome after this intake, if any. */
export function outcomeProblem(intake: IntakeType, outcome: OutcomeType): string | undefined {
  // Returned to field: a stray, altered and returned to where it was found.
  if (outcome === "returned_to_field" && intake !== "stray") return "Only a stray can be returned to field.";
  // Owner-intended euthanasia is limited to animals brought in by their owner for it.
  if (outcome === "owner_intended_euthanasia" && intake !== "owner_intended_euthanasia") {
    return "Owner-intended euthanasia needs an owner-intended euthanasia intake; record shelter euthanasia instead.";
  }
  return undefined;
}

/**
 * Ends the open stay with `outcome`. A foster placement still open ends on the outcome's day
 * (an animal adopted from its foster home); one that begins after it is refused. `stayId`,
 * when given, is the stay the caller means to end: refused unless it is the open one, so a
 * stay ended and another opened since the caller looked is never closed by mistake.
 */
export function closeStay(stays: readonly Stay[], outcome: NewOutcome, timeZone: string, stayId?: number): Stay {
  const open = openStayOf(stays);
  if (stayId !== undefined && open?.id !== stayId) {
    throw stays.some((stay) => stay.id === stayId) ? new StayEndedError() : new NoOpenStayError();
  }
  if (!open) throw new NoOpenStayError();
  if (isBefore(outcome.at, open.intake.at)) throw new OutcomeBeforeIntakeError();
  const problem = outcomeProblem(open.intake.type, outcome.type);
  if (problem) throw new OutcomeNotAllowedError(problem);
  const closed: Stay = { ...open, outcome, placements: endOpenPlacements(open.placements, outcome.at, timeZone) };
  checkPlacements(closed, timeZone);
  return closed;
}
