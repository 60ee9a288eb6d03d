import { describe, expect, it } from "vitest";
import { correctEntry, nextDueAfter, recordEntry } from "./medical-rules";
import { NewMedicalEntry, type TreatmentItem } from "./medical-schemas";
import { DueBeforeGivenError, EntryDoesNotFitItemError, UnknownTreatmentError } from "./record-errors";

const items: TreatmentItem[] = [
  { id: 1, name: "Rabies", kind: "vaccination", repeatEvery: { count: 1, unit: "years" } },
  { id: 2, name: "FeLV/FIV test", kind: "test" },
  { id: 3, name: "DHPP", kind: "vaccination", repeatEvery: { count: 3, unit: "weeks" } },
];
const ids = { id: 7, petId: 42 };

describe("recordEntry", () => {
  it("takes the item's kind and schedules the next by its interval", () => {
    expect(recordEntry(items, { itemId: 3, givenOn: "2026-11-28", givenBy: "Staff" }, ids)).toEqual({
      id: 7,
      petId: 42,
      itemId: 3,
      kind: "vaccination",
      givenOn: "2026-11-28",
      givenBy: "Staff",
      nextDue: "2026-12-19",
    });
  });

  it("keeps a next due day staff chose over the interval's", () => {
    const entry = recordEntry(
      items,
      { itemId: 1, givenOn: "2026-11-28", givenBy: "Staff", nextDue: "2029-11-28" },
      ids,
    );
    expect(entry.nextDue).toBe("2029-11-28");
  });

  it("refuses a due date on or before the given date", () => {
    for (const nextDue of ["2026-11-27", "2026-11-28"]) {
      expect(() => recordEntry(items, { itemId: 1, givenOn: "2026-11-28", givenBy: "Staff", nextDue }, ids)).toThrow(
        DueBeforeGivenError,
      );
    }
  });

  it("refuses an item the shelter's list does not keep", () => {
    expect(() => recordEntry(items, { itemId: 9, givenOn: "2026-11-28", givenBy: "Staff" }, ids)).toThrow(
      UnknownTreatmentError,
    );
  });

  it("keeps lots to vaccines and results to tests, and a test needs its result", () => {
    const test = { itemId: 2, givenOn: "2026-11-28", givenBy: "Staff" };
    expect(() => recordEntry(items, test, ids)).toThrow(EntryDoesNotFitItemError);
    expect(() => recordEntry(items, { ...test, result: "negative", lot: "X1" }, ids)).toThrow(EntryDoesNotFitItemError);
    expect(() =>
      recordEntry(items, { itemId: 1, givenOn: "2026-11-28", givenBy: "S", result: "negative" }, ids),
    ).toThrow(EntryDoesNotFitItemError);
    expect(recordEntry(items, { ...test, result: "negative" }, ids).result).toBe("negative");
  });
});

describe("NewMedicalEntry", () => {
  it("answers a due date before the given date as a 400 names it", () => {
    const parsed = NewMedicalEntry.safeParse({
      itemId: 1,
      givenOn: "2026-11-28",
      givenBy: "Staff",
      nextDue: "2026-11-01",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["nextDue"], message: "must be after givenOn" });
  });
});

describe("correctEntry", () => {
  const entry = recordEntry(items, { itemId: 1, givenOn: "2026-11-28", givenBy: "Staff", lot: "A1" }, ids);

  it("merges the patch, names the fields changed and keeps the reason", () => {
    const { entry: corrected, note } = correctEntry(items, entry, { lot: "A7", notes: null, reason: "Lot misread" });
    expect(corrected.lot).toBe("A7");
    expect(note).toEqual({ entryId: 7, fields: ["lot", "notes"], reason: "Lot misread" });
  });

  it("re-checks the due date against a moved given date", () => {
    expect(() => correctEntry(items, entry, { givenOn: "2027-12-01", reason: "Wrong year" })).toThrow(
      DueBeforeGivenError,
    );
  });
});

describe("nextDueAfter", () => {
  it("keeps a booster no later than its interval at a month's end", () => {
    expect(
      nextDueAfter({ id: 1, name: "x", kind: "treatment", repeatEvery: { count: 1, unit: "months" } }, "2026-01-31"),
    ).toBe("2026-02-28");
    expect(nextDueAfter(items[0] as TreatmentItem, "2028-02-29")).toBe("2029-02-28");
    expect(nextDueAfter(items[1] as TreatmentItem, "2026-11-28")).toBeUndefined();
  });
});
