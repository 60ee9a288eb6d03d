import { dayOf } from "./calendar-day";
import type { SacSpecies } from "./sac-species";
import type { Stay } from "./stay-schemas";

/*
 * Where an animal is at the end of a day: in the shelter, in a foster home (still in the
 * shelter's care, as SAC counts it), or not in care. The end of the day, so that a month's
 * ending count is the next month's beginning count, and an animal that arrived and left on
 * one day is in neither.
 */

export type Whereabouts = "shelter" | "foster" | "not_in_care";

export function whereOn(stays: readonly Stay[], day: string, timeZone: string): Whereabouts {
  const stay = stays.find(
    (each) =>
      dayOf(each.intake.at, timeZone) <= day && (each.outcome === undefined || dayOf(each.outcome.at, timeZone) > day),
  );
  if (!stay) return "not_in_care";
  const fostered = stay.placements.some(
    (placement) => placement.from <= day && (placement.until === undefined || placement.until > day),
  );
  return fostered ? "foster" : "shelter";
}

export const isInFosterOn = (stays: readonly Stay[], day: string, timeZone: string) =>
  whereOn(stays, day, timeZone) === "foster";

export type CensusCount = { inShelter: number; inFoster: number };

/** How many animals of each species are in the shelter and in foster at the end of `day`. */
export function censusOn(
  animals: readonly { species: SacSpecies | "unmapped"; stays: readonly Stay[] }[],
  day: string,
  timeZone: string,
): Map<SacSpecies | "unmapped", CensusCount> {
  const counts = new Map<SacSpecies | "unmapped", CensusCount>();
  for (const { species, stays } of animals) {
    const where = whereOn(stays, day, timeZone);
    if (where === "not_in_care") continue;
    const count = counts.get(species) ?? { inShelter: 0, inFoster: 0 };
    if (where === "foster") count.inFoster++;
    else count.inShelter++;
    counts.set(species, count);
  }
  return counts;
}
