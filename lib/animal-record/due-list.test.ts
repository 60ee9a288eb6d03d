import { describe, expect, it } from "vitest";
import { dueList, type DueAnimal } from "./due-list";
import { markGiven } from "./mark-given";
import type { MedicalEntry, TreatmentItem } from "./medical-schemas";
import type { Stay } from "./stay-schemas";

const items: TreatmentItem[] = [
  { id: 1, name: "Rabies", kind: "vaccination", repeatEvery: { count: 1, unit: "years" } },
  { id: 2, name: "Deworming", kind: "treatment", repeatEvery: { count: 2, unit: "weeks" } },
  { id: 3, name: "FeLV/FIV test", kind: "test" },
];
const inCare = (petId: number, placements: Stay["placements"] = []): Stay => ({
  id: petId,
  petId,
  intake: { at: "2026-11-01T10:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" },
  placements,
});
const animals: DueAnimal[] = [
  { petId: 1, name: "Rex", stays: [inCare(1)] },
  { petId: 2, name: "Tom", stays: [inCare(2, [{ id: 9, from: "2026-11-02" }])] },
  { petId: 3, name: "Gone", stays: [{ ...inCare(3), outcome: { at: "2026-11-10T10:00:00Z", type: "adoption" } }] },
];
const entry = (id: number, petId: number, itemId: number, givenOn: string, nextDue?: string): MedicalEntry => ({
  id,
  petId,
  itemId,
  kind: items.find((item) => item.id === itemId)?.kind ?? "treatment",
  givenOn,
  givenBy: "Staff",
  ...(nextDue ? { nextDue } : {}),
});

const today = "2026-11-28";

describe("dueList", () => {
  it("puts what is past due in overdue and the next seven days in this week, for animals in care", () => {
    const entries = [
      entry(1, 1, 2, "2026-11-10", "2026-11-24"), // Rex: deworming overdue
      entry(2, 2, 1, "2025-12-04", "2026-12-04"), // Tom, in foster: rabies on the 7th day
      entry(3, 1, 1, "2025-12-05", "2026-12-05"), // Rex: rabies on the 8th day, not this week
      entry(4, 3, 2, "2026-11-01", "2026-11-15"), // Gone: adopted, not listed
    ];
    expect(dueList(animals, entries, items, today, "UTC")).toEqual({
      overdue: [
        {
          petId: 1,
          petName: "Rex",
          itemId: 2,
          itemName: "Deworming",
          kind: "treatment",
          due: "2026-11-24",
          where: "shelter",
        },
      ],
      thisWeek: [
        {
          petId: 2,
          petName: "Tom",
          itemId: 1,
          itemName: "Rabies",
          kind: "vaccination",
          due: "2026-12-04",
          where: "foster",
        },
      ],
    });
  });

  it("counts only the latest entry of an item: giving it again takes it off the list", () => {
    const entries = [entry(1, 1, 2, "2026-11-10", "2026-11-24"), entry(2, 1, 2, "2026-11-25", "2026-12-09")];
    expect(dueList(animals, entries, items, today, "UTC")).toEqual({ overdue: [], thisWeek: [] });
  });

  it("lists what is due today as this week's, not overdue", () => {
    const list = dueList(animals, [entry(1, 1, 2, "2026-11-14", today)], items, today, "UTC");
    expect(list.overdue).toEqual([]);
    expect(list.thisWeek.map((item) => item.due)).toEqual([today]);
  });
});

describe("markGiven", () => {
  it("records the entry and schedules the next by the item's interval", () => {
    const { entry: given, nextDue } = markGiven(
      { petId: 1, itemId: 1 },
      { givenOn: today, givenBy: "Dr Lee", lot: "RB-2291" },
      items,
      12,
    );
    expect(given).toEqual({
      id: 12,
      petId: 1,
      itemId: 1,
      kind: "vaccination",
      givenOn: today,
      givenBy: "Dr Lee",
      lot: "RB-2291",
      nextDue: "2027-11-28",
    });
    expect(nextDue).toBe("2027-11-28");
  });

  it("takes the due item off the list and puts the next one on it in its turn", () => {
    const entries = [entry(1, 1, 2, "2026-11-10", "2026-11-24")];
    const { entry: given } = markGiven({ petId: 1, itemId: 2 }, { givenOn: today, givenBy: "Staff" }, items, 2);
    expect(given.nextDue).toBe("2026-12-12");
    expect(dueList(animals, [...entries, given], items, today, "UTC")).toEqual({ overdue: [], thisWeek: [] });
    expect(dueList(animals, [...entries, given], items, "2026-12-06", "UTC").thisWeek).toHaveLength(1);
  });

  it("schedules nothing for what is given once", () => {
    const { nextDue } = markGiven(
      { petId: 1, itemId: 3 },
      { givenOn: today, givenBy: "Staff", result: "negative" },
      items,
      3,
    );
    expect(nextDue).toBeUndefined();
  });
});
