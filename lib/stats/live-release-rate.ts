import { sacOutcomeRow } from "@/lib/animal-record/sac-mapping";
import { cellsWhere, membersWhere, totalOf, type BasicDataMatrix } from "./basic-data-matrix";
import { SMALL_COUNT, withheldBelow, type Withheld } from "./small-counts";
import type { Species, StayRef } from "./stay-facts";

/*
 * Live release rate = live outcomes ÷ (all outcomes − owner-intended euthanasia): the issue's
 * formula, which shelters reporting to SAC publish as theirs; SAC's own page defining it was
 * not among what we could read (docs/decisions/262 cites what was). Owner-intended euthanasia
 * is left out because the owner, not the shelter, chose it.
 */

export const LIVE_RELEASE_RATE_FORMULA = "live outcomes ÷ (all outcomes − owner-intended euthanasia)";

const OWNER_INTENDED = sacOutcomeRow("owner_intended_euthanasia");

export type LiveReleaseRate = {
  species: Species | "all";
  live: number;
  allOutcomes: number;
  ownerIntendedEuthanasia: number;
  /** all outcomes − owner-intended euthanasia: the rate's denominator. */
  counted: number;
  /** Between 0 and 1; null when withheld. */
  rate: number | null;
  withheld?: Withheld;
};

/** The rate for one species, or for all (`species` left out). */
export function liveReleaseRate(
  matrix: BasicDataMatrix,
  species?: Species,
  minimum: number = SMALL_COUNT,
): LiveReleaseRate {
  const live = totalOf(matrix, { section: "outcome", group: "live", species });
  const allOutcomes = totalOf(matrix, { section: "outcome", species });
  const ownerIntendedEuthanasia = totalOf(matrix, { section: "outcome", line: OWNER_INTENDED, species });
  const counted = allOutcomes - ownerIntendedEuthanasia;
  const withheld = withheldBelow(counted, minimum, "outcomes counted");
  return {
    species: species ?? "all",
    live,
    allOutcomes,
    ownerIntendedEuthanasia,
    counted,
    rate: withheld ? null : live / counted,
    ...(withheld ? { withheld } : {}),
  };
}

/** The rate's drill-down: the stays of its numerator and of its denominator. */
export function liveReleaseMembers(
  matrix: BasicDataMatrix,
  species?: Species,
): { live: StayRef[]; counted: StayRef[] } {
  return {
    live: membersWhere(matrix, { section: "outcome", group: "live", species }),
    counted: cellsWhere(matrix, { section: "outcome", species })
      .filter((cell) => cell.line !== OWNER_INTENDED)
      .flatMap((cell) => cell.members),
  };
}
