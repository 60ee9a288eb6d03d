import { percentileOfSorted } from "./percentile";
import type { Period } from "./period";
import { SMALL_COUNT, withheldBelow, type Withheld } from "./small-counts";
import { SPECIES_ORDER, type Species, type StayFacts, type StayRef } from "./stay-facts";

/*
 * Length of stay of the animals that left in the period: stays whose outcome's day (in the
 * shelter's zone) is in it. Each stay's length is the time from its intake's moment to its
 * outcome's, in days to the hundredth (./stay-facts.ts); the median and the 90th percentile
 * interpolate (./percentile.ts). A returned animal's new stay is a stay of its own.
 */

export type LengthOfStay = {
  species: Species | "all";
  /** How many stays ended in the period. */
  count: number;
  medianDays: number | null;
  percentile90Days: number | null;
  withheld?: Withheld;
  /** The stays the figures are computed from: the drill-down. */
  members: StayRef[];
};

/** One figure for all species, then one a species with stays that ended, in SAC's order. */
export function lengthsOfStay(
  facts: readonly StayFacts[],
  period: Period,
  minimum: number = SMALL_COUNT,
): LengthOfStay[] {
  const bySpecies = new Map<Species, { days: number[]; members: StayRef[] }>();
  const all = { days: [] as number[], members: [] as StayRef[] };
  for (const each of facts) {
    const day = each.outcomeDay;
    if (day === undefined || day < period.first || day > period.last) continue;
    const days = each.lengthDays as number;
    let group = bySpecies.get(each.species);
    if (!group) bySpecies.set(each.species, (group = { days: [], members: [] }));
    group.days.push(days);
    group.members.push(each.ref);
    all.days.push(days);
    all.members.push(each.ref);
  }
  const figures = [figureOf("all", all, minimum)];
  for (const species of SPECIES_ORDER) {
    const group = bySpecies.get(species);
    if (group) figures.push(figureOf(species, group, minimum));
  }
  return figures;
}

function figureOf(
  species: Species | "all",
  { days, members }: { days: number[]; members: StayRef[] },
  minimum: number,
): LengthOfStay {
  const withheld = withheldBelow(days.length, minimum, "animals that left");
  // A typed array sorts numbers as numbers, without a comparison function: ten times faster.
  const sorted = withheld ? [] : Float64Array.from(days).sort();
  return {
    species,
    count: days.length,
    medianDays: withheld ? null : (percentileOfSorted(sorted, 0.5) as number),
    percentile90Days: withheld ? null : (percentileOfSorted(sorted, 0.9) as number),
    ...(withheld ? { withheld } : {}),
    members,
  };
}
