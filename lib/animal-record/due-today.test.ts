import { describe, expect, it } from "vitest";
import { dueListAt, type DueSources } from "./due-today";
import type { MedicalEntry, TreatmentItem } from "./medical-schemas";
import type { Stay } from "./stay-schemas";
import { DueList } from "./due-schemas";

const items: TreatmentItem[] = [
  { id: 1, name: "Rabies", kind: "vaccination", repeatEvery: { count: 1, unit: "years" } },
  { id: 2, name: "Deworming", kind: "treatment", repeatEvery: { count: 2, unit: "weeks" } },
];
const openStay = (petId: number, at = "2026-11-01T10:00:00Z", placements: Stay["placements"] = []): Stay => ({
  id: petId * 10,
  petId,
  intake: { at, type: "stray", condition: "healthy", sourceKind: "unknown" },
  placements,
});
const entry = (id: number, petId: number, itemId: number, nextDue: string): MedicalEntry => ({
  id,
  petId,
  itemId,
  kind: itemId === 1 ? "vaccination" : "treatment",
  givenOn: "2026-01-01",
  givenBy: "Staff",
  nextDue,
});
const names = new Map([
  [1, "Rex"],
  [2, "Tom"],
  [3, "Gone"],
  [4, "Quiet"],
]);

/** In-memory sources, counting the names looked up and the day listDueBy was asked for. */
function fakeSources(stays: Stay[], entries: MedicalEntry[]) {
  const asked = { names: [] as number[], until: "" };
  const sources: DueSources = {
    stays: { listOpenStays: async () => stays },
    medical: {
      listItems: async () => items,
      listDueBy: async (until) => {
        asked.until = until;
        return entries.filter((each) => each.nextDue !== undefined && each.nextDue <= until);
      },
    },
    petName: async (petId) => {
      asked.names.push(petId);
      return names.get(petId);
    },
  };
  return { sources, asked };
}

describe("dueListAt", () => {
  it("lists the overdue and this week's items of the animals in care, on the shelter's day", async () => {
    const { sources, asked } = fakeSources(
      [openStay(1), openStay(2, "2026-11-01T10:00:00Z", [{ id: 5, from: "2026-11-20" }]), openStay(4)],
      [
        entry(1, 1, 2, "2026-11-20"), // Rex: deworming overdue
        entry(2, 1, 1, "2026-12-01"), // Rex: rabies this week
        entry(3, 2, 1, "2026-12-04"), // Tom, in foster: the week's last day
        entry(4, 3, 2, "2026-11-15"), // Gone: no open stay, not listed
      ],
    );
    // 01:30 in UTC on the 29th is still the 28th in Los Angeles.
    const list = await dueListAt(sources, new Date("2026-11-29T01:30:00Z"), "America/Los_Angeles");
    expect(DueList.parse(list)).toEqual(list);
    expect(list.today).toBe("2026-11-28");
    expect(asked.until).toBe("2026-12-04");
    expect(list.overdue).toEqual([
      {
        petId: 1,
        petName: "Rex",
        itemId: 2,
        itemName: "Deworming",
        kind: "treatment",
        due: "2026-11-20",
        where: "shelter",
      },
    ]);
    expect(list.thisWeek.map(({ petName, itemName, where }) => [petName, itemName, where])).toEqual([
      ["Rex", "Rabies", "shelter"],
      ["Tom", "Rabies", "foster"],
    ]);
    // Names only for the animals in care with something due: not Quiet, not Gone.
    expect(asked.names.sort()).toEqual([1, 2]);
  });

  it("answers empty lists when nothing is due, and names an animal without a readable name by its id", async () => {
    const empty = fakeSources([openStay(1)], []);
    expect(await dueListAt(empty.sources, new Date("2026-11-28T12:00:00Z"), "UTC")).toEqual({
      today: "2026-11-28",
      overdue: [],
      thisWeek: [],
    });
    const nameless = fakeSources([openStay(9)], [entry(1, 9, 1, "2026-11-28")]);
    const list = await dueListAt(nameless.sources, new Date("2026-11-28T12:00:00Z"), "UTC");
    expect(list.thisWeek[0]?.petName).toBe("Pet 9");
  });

  it("leaves out an animal whose intake is after today", async () => {
    const { sources } = fakeSources([openStay(1, "2026-11-30T10:00:00Z")], [entry(1, 1, 1, "2026-11-27")]);
    const list = await dueListAt(sources, new Date("2026-11-28T12:00:00Z"), "UTC");
    expect(list).toEqual({ today: "2026-11-28", overdue: [], thisWeek: [] });
  });
});
