import type { Stay } from "./stay-schemas";
import type { StayChangeEntry } from "./stay-history";
import { withoutReasons } from "./stay-history";

/*
 * Retention (docs/decisions/253): a stay closed longer ago than PETSTORE_RECORD_RETENTION_DAYS
 * loses what names people (who brought the animal, who took it, the foster carers, staff
 * notes, and the reasons of its corrections). Its types, times and days stay: SAC's counts
 * need them for every month, however old.
 */

/** Whether the stay or its history names anyone: a personal part, or a correction's reason. */
export function holdsPersonal(stay: Stay, history: readonly StayChangeEntry[]): boolean {
  return (
    stay.intake.personal !== undefined ||
    stay.outcome?.personal !== undefined ||
    stay.placements.some((placement) => placement.personal !== undefined) ||
    history.some((entry) => entry.reason !== undefined)
  );
}

/** Whether retention erases the stay now: closed before `closedBefore` and still naming someone. */
export function owesErasure(stay: Stay, history: readonly StayChangeEntry[], closedBefore: string): boolean {
  if (!stay.outcome || Date.parse(stay.outcome.at) >= Date.parse(closedBefore)) return false;
  return holdsPersonal(stay, history);
}

/** The stay and its history without their personal parts. */
export function erasedStay(stay: Stay, history: readonly StayChangeEntry[]) {
  const erased: Stay = {
    ...stay,
    intake: withoutPersonal(stay.intake),
    placements: stay.placements.map(withoutPersonal),
  };
  if (stay.outcome) erased.outcome = withoutPersonal(stay.outcome);
  return { stay: erased, history: withoutReasons(history) };
}

function withoutPersonal<T extends { personal?: unknown }>(value: T): T {
  const copy = { ...value };
  delete copy.personal;
  return copy;
}
