import { describe, expect, it } from "vitest";
import type { SacAnimal } from "@/lib/animal-record/sac-month";
import type { OutcomeType } from "@/lib/animal-record/outcome-types";
import { basicDataMatrix } from "./basic-data-matrix";
import { LIVE_RELEASE_RATE_FORMULA, liveReleaseMembers, liveReleaseRate } from "./live-release-rate";
import { periodOf } from "./period";
import { stayFactsOf } from "./stay-facts";

const mapping = new Map([
  [1, "canine" as const],
  [2, "feline" as const],
]);

const SUBTYPES: Partial<Record<OutcomeType, string>> = { shelter_euthanasia: "medical", transferred_out: "in_state" };

/** One adult animal a stay, in and out in March 2026, by outcome type. */
function shelterOf(outcomes: [categoryId: number, type: OutcomeType][]): SacAnimal[] {
  return outcomes.map(([categoryId, type], index) => ({
    categoryId,
    birthDate: "2020-01-01",
    stays: [
      {
        id: index + 1,
        petId: index + 1,
        intake: {
          at: "2026-03-02T10:00:00Z",
          type: type === "owner_intended_euthanasia" ? "owner_intended_euthanasia" : "stray",
          condition: "healthy",
          sourceKind: "unknown",
        },
        outcome: {
          at: "2026-03-20T10:00:00Z",
          type,
          ...(SUBTYPES[type] ? { subtype: SUBTYPES[type] } : {}),
        },
        placements: [],
      },
    ],
  }));
}
const matrixOf = (outcomes: [categoryId: number, type: OutcomeType][]) =>
  basicDataMatrix(stayFactsOf(shelterOf(outcomes), mapping, "UTC"), periodOf("2026-03"), "UTC");
const times = <T>(count: number, value: T): T[] => Array.from({ length: count }, () => value);

describe("live release rate", () => {
  it("writes its formula in words", () => {
    expect(LIVE_RELEASE_RATE_FORMULA).toBe("live outcomes ÷ (all outcomes − owner-intended euthanasia)");
  });

  it("counts every live outcome over every outcome but owner-intended euthanasia", () => {
    const matrix = matrixOf([
      ...times(4, [1, "adoption"] as [number, OutcomeType]),
      [1, "returned_to_owner"],
      [1, "transferred_out"],
      [2, "returned_to_field"],
      [2, "other_live"],
      [2, "died_in_care"],
      [2, "lost_in_care"],
      [1, "shelter_euthanasia"],
      [1, "owner_intended_euthanasia"],
      [2, "owner_intended_euthanasia"],
    ]);
    expect(liveReleaseRate(matrix)).toEqual({
      species: "all",
      live: 8,
      allOutcomes: 13,
      ownerIntendedEuthanasia: 2,
      counted: 11,
      rate: 8 / 11,
    });
  });

  it("gives the rate from 10 outcomes counted, not below", () => {
    const ten = matrixOf([...times(9, [1, "adoption"] as [number, OutcomeType]), [1, "died_in_care"]]);
    expect(liveReleaseRate(ten).rate).toBe(0.9);
    const nine = matrixOf([
      ...times(8, [1, "adoption"] as [number, OutcomeType]),
      [1, "died_in_care"],
      [1, "owner_intended_euthanasia"],
    ]);
    expect(liveReleaseRate(nine)).toMatchObject({
      live: 8,
      counted: 9,
      rate: null,
      withheld: { code: "small_count", message: "Fewer than 10 outcomes counted: shown as counts only" },
    });
  });

  it("says there were no outcomes rather than dividing by zero", () => {
    const onlyOwnerIntended = matrixOf([[1, "owner_intended_euthanasia"]]);
    expect(liveReleaseRate(onlyOwnerIntended, undefined, 1)).toMatchObject({
      counted: 0,
      rate: null,
      withheld: { code: "no_animals" },
    });
  });

  it("drills down to the stays of its numerator and its denominator", () => {
    const matrix = matrixOf([
      [1, "adoption"],
      [2, "adoption"],
      [1, "died_in_care"],
      [1, "owner_intended_euthanasia"],
    ]);
    const ids = (refs: { stayId: number }[]) => refs.map((ref) => ref.stayId).sort();
    const all = liveReleaseMembers(matrix);
    expect([ids(all.live), ids(all.counted)]).toEqual([
      [1, 2],
      [1, 2, 3],
    ]);
    const dogs = liveReleaseMembers(matrix, "canine");
    expect([ids(dogs.live), ids(dogs.counted)]).toEqual([[1], [1, 3]]);
  });
});
