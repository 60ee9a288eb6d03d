import { describe, expect, it } from "vitest";
import { dueWords, givenEntry, weekEnd, withoutItem } from "./due-view";

const item = (petId: number, itemId: number, due: string) => ({
  petId,
  petName: `Pet ${petId}`,
  itemId,
  itemName: `Item ${itemId}`,
  kind: "vaccination" as const,
  due,
  where: "shelter" as const,
});

describe("dueWords", () => {
  it("says how late, or how soon, in days", () => {
    expect(dueWords("2026-11-25", "2026-11-28")).toBe("3 days overdue");
    expect(dueWords("2026-11-27", "2026-11-28")).toBe("1 day overdue");
    expect(dueWords("2026-11-28", "2026-11-28")).toBe("due today");
    expect(dueWords("2026-11-29", "2026-11-28")).toBe("due tomorrow");
    expect(dueWords("2026-12-02", "2026-11-28")).toBe("due in 4 days");
  });

  it("counts days across a month's and a year's end", () => {
    expect(dueWords("2026-12-30", "2027-01-02")).toBe("3 days overdue");
  });
});

describe("withoutItem", () => {
  it("drops the animal's item from both lists and keeps the others", () => {
    const list = {
      today: "2026-11-28",
      overdue: [item(1, 1, "2026-11-20"), item(2, 1, "2026-11-21")],
      thisWeek: [item(1, 2, "2026-11-30"), item(1, 1, "2026-11-29")],
    };
    const after = withoutItem(list, { petId: 1, itemId: 1 });
    expect(after.overdue).toEqual([item(2, 1, "2026-11-21")]);
    expect(after.thisWeek).toEqual([item(1, 2, "2026-11-30")]);
    expect(after.today).toBe("2026-11-28");
  });
});

describe("givenEntry and weekEnd", () => {
  it("records the item given today by the signed-in person", () => {
    expect(givenEntry(item(3, 7, "2026-11-01"), "2026-11-28", "Sam Staff")).toEqual({
      itemId: 7,
      givenOn: "2026-11-28",
      givenBy: "Sam Staff",
    });
  });

  it("ends this week six days after today", () => {
    expect(weekEnd("2026-11-28")).toBe("2026-12-04");
  });
});
