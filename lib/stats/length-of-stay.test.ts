import { describe, expect, it } from "vitest";
import type { SacAnimal } from "@/lib/animal-record/sac-month";
import { lengthsOfStay } from "./length-of-stay";
import { periodOf } from "./period";
import { stayFactsOf } from "./stay-facts";

const mapping = new Map([
  [1, "canine" as const],
  [2, "feline" as const],
]);
/** A stay of `days` days ending on `outcomeAt`; open when `days` is undefined. */
function animal(id: number, categoryId: number, outcomeAt: string, days?: number): SacAnimal {
  const intakeAt = new Date(Date.parse(outcomeAt) - (days ?? 1) * 86_400_000).toISOString();
  return {
    categoryId,
    stays: [
      {
        id,
        petId: id,
        intake: { at: intakeAt, type: "stray", condition: "healthy", sourceKind: "unknown" },
        ...(days === undefined ? {} : { outcome: { at: outcomeAt, type: "adoption" as const } }),
        placements: [],
      },
    ],
  };
}

describe("length of stay", () => {
  const animals = [
    animal(1, 1, "2026-05-10T12:00:00Z", 3),
    animal(2, 1, "2026-05-20T12:00:00Z", 10),
    animal(3, 2, "2026-05-31T12:00:00Z", 1.5),
    animal(4, 2, "2026-06-01T12:00:00Z", 99), // left in June: not May's
    animal(5, 1, "2026-05-15T12:00:00Z"), // still in care: no length yet
  ];
  const facts = stayFactsOf(animals, mapping, "UTC");

  it("counts the stays that ended in the period, by species and for all, in SAC's order", () => {
    expect(lengthsOfStay(facts, periodOf("2026-05"), 1)).toEqual([
      {
        species: "all",
        count: 3,
        medianDays: 3,
        percentile90Days: 8.6,
        members: [
          { petId: 1, stayId: 1 },
          { petId: 2, stayId: 2 },
          { petId: 3, stayId: 3 },
        ],
      },
      {
        species: "canine",
        count: 2,
        medianDays: 6.5,
        percentile90Days: 9.3,
        members: [
          { petId: 1, stayId: 1 },
          { petId: 2, stayId: 2 },
        ],
      },
      { species: "feline", count: 1, medianDays: 1.5, percentile90Days: 1.5, members: [{ petId: 3, stayId: 3 }] },
    ]);
  });

  it("takes the outcome's day in the shelter's zone: 00:30 UTC on 1 June is still May in New York", () => {
    const late = stayFactsOf([animal(9, 1, "2026-06-01T00:30:00Z", 2)], mapping, "America/New_York");
    expect(lengthsOfStay(late, periodOf("2026-05"), 1)[0]).toMatchObject({ count: 1, medianDays: 2 });
  });

  it("withholds the figures below the small count, keeping the count and the stays", () => {
    expect(lengthsOfStay(facts, periodOf("2026-05"))[0]).toMatchObject({
      count: 3,
      medianDays: null,
      percentile90Days: null,
      withheld: { code: "small_count", message: "Fewer than 10 animals that left: shown as counts only" },
    });
  });

  it("gives the all-species line even when no one left", () => {
    expect(lengthsOfStay(facts, periodOf("2026-07"))).toEqual([
      {
        species: "all",
        count: 0,
        medianDays: null,
        percentile90Days: null,
        withheld: { code: "no_animals", message: "No animals that left in the period" },
        members: [],
      },
    ]);
  });
});
