import { describe, expect, it } from "vitest";
import { sacMonth, type SacAnimal } from "./sac-month";
import type { Stay } from "./stay-schemas";

const mapping = new Map([
  [1, "canine" as const],
  [2, "feline" as const],
]);
const stay = (id: number, intake: Partial<Stay["intake"]>, rest: Partial<Stay> = {}): Stay => ({
  id,
  petId: id,
  intake: { at: "2026-11-10T10:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown", ...intake },
  placements: [],
  ...rest,
});

const animals: SacAnimal[] = [
  // A puppy in, adopted out the same month.
  {
    categoryId: 1,
    birthDate: "2026-08-01",
    stays: [stay(1, {}, { outcome: { at: "2026-11-20T10:00:00Z", type: "adoption" } })],
  },
  // An adult dog returned from adoption: relinquished by owner; in foster at the month's end.
  {
    categoryId: 1,
    birthDate: "2020-01-01",
    stays: [
      stay(2, { at: "2026-09-01T10:00:00Z" }, { outcome: { at: "2026-10-01T10:00:00Z", type: "adoption" } }),
      stay(
        3,
        { at: "2026-11-03T10:00:00Z", type: "returned_adoption", sourceKind: "person" },
        {
          placements: [{ id: 9, from: "2026-11-25" }],
        },
      ),
    ],
  },
  // A cat of unknown age in care since October, euthanised for a medical reason.
  {
    categoryId: 2,
    stays: [
      stay(
        4,
        { at: "2026-10-15T10:00:00Z" },
        { outcome: { at: "2026-11-05T10:00:00Z", type: "shelter_euthanasia", subtype: "medical" } },
      ),
    ],
  },
  // A category no one has mapped yet: counted as unmapped, not left out.
  {
    categoryId: 7,
    birthDate: "2025-01-01",
    stays: [stay(5, { type: "transferred_in", subtype: "in_state", sourceKind: "agency" })],
  },
];

describe("sacMonth", () => {
  const november = sacMonth(animals, mapping, "2026-11", "UTC");

  it("counts the month's intakes by SAC row, species and age on the intake's day", () => {
    expect(november.intakes).toEqual([
      { row: "relinquished_by_owner", species: "canine", ageGroup: "adult", count: 1 },
      { row: "stray_at_large", species: "canine", ageGroup: "up_to_5_months", count: 1 },
      { row: "transferred_in", species: "unmapped", ageGroup: "adult", count: 1 },
    ]);
  });

  it("counts the month's outcomes by SAC row, species and age on the outcome's day", () => {
    expect(november.outcomes).toEqual([
      { row: "adoption", species: "canine", ageGroup: "up_to_5_months", count: 1 },
      { row: "shelter_euthanasia", species: "feline", ageGroup: "unknown", count: 1 },
    ]);
  });

  it("gives the animals in the shelter and in foster at the month's beginning and end", () => {
    expect(Object.fromEntries(november.beginning)).toEqual({ feline: { inShelter: 1, inFoster: 0 } });
    expect(Object.fromEntries(november.ending)).toEqual({
      canine: { inShelter: 0, inFoster: 1 },
      unmapped: { inShelter: 1, inFoster: 0 },
    });
  });

  it("makes a month's ending count the next month's beginning", () => {
    expect(sacMonth(animals, mapping, "2026-12", "UTC").beginning).toEqual(november.ending);
  });

  it("counts the October adoption in October, not again in November", () => {
    const october = sacMonth(animals, mapping, "2026-10", "UTC");
    expect(october.outcomes).toEqual([{ row: "adoption", species: "canine", ageGroup: "adult", count: 1 }]);
  });
});
