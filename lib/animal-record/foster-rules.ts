import { dayOf } from "./calendar-day";
import type { FosterPlacement, NewPlacement, PlacementChange } from "./foster-schemas";
import type { Stay } from "./stay-schemas";
import {
  InvalidCorrectionError,
  NoOpenStayError,
  PlacementOutsideStayError,
  PlacementOverlapError,
  ReasonRequiredError,
} from "./record-errors";

/*
 * Foster placements stay inside their stay and never overlap: an animal is in one foster home
 * at a time, and only while in the shelter's care. Days are half-open, [from, until).
 */

/** Checks every placement of `stay` against the stay and against one another. */
export function checkPlacements(stay: Stay, timeZone: string): void {
  const intakeDay = dayOf(stay.intake.at, timeZone);
  const outcomeDay = stay.outcome ? dayOf(stay.outcome.at, timeZone) : undefined;
  for (const placement of stay.placements) {
    if (placement.from < intakeDay) {
      throw new PlacementOutsideStayError(`The placement begins before the stay's intake (${intakeDay}).`);
    }
    if (outcomeDay !== undefined && placement.from > outcomeDay) {
      throw new PlacementOutsideStayError(`The placement begins after the stay's outcome (${outcomeDay}).`);
    }
    if (outcomeDay !== undefined && (placement.until === undefined || placement.until > outcomeDay)) {
      throw new PlacementOutsideStayError(`The placement runs past the stay's outcome (${outcomeDay}).`);
    }
    if (placement.until !== undefined && placement.until < placement.from) {
      throw new InvalidCorrectionError("A placement cannot end before it begins.");
    }
  }
  // Half-open days: [from, until) and [from', until') overlap when each begins before the
  // other ends. A placement of no days (from = until, back the same day) overlaps nothing.
  const spans = stay.placements.filter((placement) => placement.from !== placement.until);
  for (const a of spans) {
    for (const b of spans) {
      if (a.id < b.id && a.from < (b.until ?? "9999-12-31") && b.from < (a.until ?? "9999-12-31")) {
        throw new PlacementOverlapError(a.id);
      }
    }
  }
}

/** Adds placement `id` to the animal's open stay, if it fits: only an animal in care is fostered. */
export function placeInFoster(stays: readonly Stay[], placement: NewPlacement, id: number, timeZone: string): Stay {
  const open = stays.find((stay) => stay.outcome === undefined);
  if (!open) throw new NoOpenStayError();
  const added: FosterPlacement = { id, ...placement };
  const stay = { ...open, placements: [...open.placements, added] };
  checkPlacements(stay, timeZone);
  return stay;
}

/**
 * Changes placement `id`. Ending an open placement is daily work; moving a recorded day
 * (`from`, or an `until` already set) is a correction and needs a reason.
 */
export function changePlacement(stay: Stay, id: number, change: PlacementChange, timeZone: string): Stay {
  const current = stay.placements.find((placement) => placement.id === id);
  if (!current) throw new InvalidCorrectionError(`The stay has no placement ${id}.`);
  const movesFrom = change.from !== undefined && change.from !== current.from;
  const movesUntil = change.until !== undefined && current.until !== undefined && change.until !== current.until;
  if ((movesFrom || movesUntil) && change.reason === undefined) {
    throw new ReasonRequiredError("a placement's recorded days");
  }
  const changed: FosterPlacement = { ...current };
  if (change.from !== undefined) changed.from = change.from;
  if (change.personal !== undefined) changed.personal = change.personal;
  if (change.until === null) delete changed.until;
  else if (change.until !== undefined) changed.until = change.until;
  const next = { ...stay, placements: stay.placements.map((placement) => (placement.id === id ? changed : placement)) };
  checkPlacements(next, timeZone);
  return next;
}

/** Ends on the day of `moment` every placement still open (the stay ends with the animal in foster). */
export function endOpenPlacements(
  placements: readonly FosterPlacement[],
  moment: string,
  timeZone: string,
): FosterPlacement[] {
  const day = dayOf(moment, timeZone);
  return placements.map((placement) => (placement.until === undefined ? { ...placement, until: day } : placement));
}
