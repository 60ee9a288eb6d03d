import type { SacAnimal } from "@/lib/animal-record/sac-month";
import type { CategorySpecies } from "@/lib/animal-record/sac-species";
import { basicDataMatrix, type BasicDataMatrix } from "./basic-data-matrix";
import { lengthsOfStay, type LengthOfStay } from "./length-of-stay";
import { liveReleaseRate, type LiveReleaseRate } from "./live-release-rate";
import type { Period } from "./period";
import { SMALL_COUNT } from "./small-counts";
import { stayFactsOf, type StayFacts } from "./stay-facts";
import { monthlyTrend, type TrendPoint } from "./trends";

/*
 * Every figure of a period at once, from the animals as the record keeps them: what the
 * console's Statistics view and the public page show (docs/statistics.md). The stays' facts
 * are kept, for the records export of the same period.
 */

export type PeriodStatistics = {
  facts: StayFacts[];
  matrix: BasicDataMatrix;
  /** For all species first, then each species of the matrix. */
  liveReleaseRates: LiveReleaseRate[];
  lengthsOfStay: LengthOfStay[];
  trend: TrendPoint[];
};

export function periodStatistics(
  animals: readonly SacAnimal[],
  mapping: CategorySpecies,
  period: Period,
  timeZone: string,
  minimum: number = SMALL_COUNT,
): PeriodStatistics {
  return statisticsOfFacts(stayFactsOf(animals, mapping, timeZone), period, timeZone, minimum);
}

/** The same from the stays' facts worked out once (a cache keeps them across periods: ./stats-cache.ts). */
export function statisticsOfFacts(
  facts: StayFacts[],
  period: Period,
  timeZone: string,
  minimum: number = SMALL_COUNT,
): PeriodStatistics {
  const matrix = basicDataMatrix(facts, period, timeZone);
  return {
    facts,
    matrix,
    liveReleaseRates: [undefined, ...matrix.species].map((species) => liveReleaseRate(matrix, species, minimum)),
    lengthsOfStay: lengthsOfStay(facts, period, minimum),
    trend: monthlyTrend(facts, period.months),
  };
}
