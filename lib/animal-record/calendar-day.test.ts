import { describe, expect, it } from "vitest";
import { addDays, addInterval, dayOf, isBefore } from "./calendar-day";

describe("dayOf", () => {
  it("is the day in the shelter's zone, not always UTC's", () => {
    expect(dayOf("2026-11-29T01:00:00Z", "UTC")).toBe("2026-11-29");
    expect(dayOf("2026-11-29T01:00:00Z", "America/Los_Angeles")).toBe("2026-11-28");
    expect(dayOf("2026-11-28T23:30:00Z", "Asia/Tokyo")).toBe("2026-11-29");
  });
});

describe("addDays", () => {
  it("crosses months, years and leap days", () => {
    expect(addDays("2026-11-28", 6)).toBe("2026-12-04");
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    expect(addDays("2028-03-01", -1)).toBe("2028-02-29");
  });
});

describe("addInterval", () => {
  it.each([
    ["2026-11-28", { count: 10, unit: "days" }, "2026-12-08"],
    ["2026-11-28", { count: 3, unit: "weeks" }, "2026-12-19"],
    ["2026-11-28", { count: 1, unit: "months" }, "2026-12-28"],
    ["2026-11-28", { count: 2, unit: "months" }, "2027-01-28"],
    ["2026-01-31", { count: 1, unit: "months" }, "2026-02-28"],
    ["2028-01-31", { count: 1, unit: "months" }, "2028-02-29"],
    ["2028-02-29", { count: 1, unit: "years" }, "2029-02-28"],
    ["2026-11-28", { count: 3, unit: "years" }, "2029-11-28"],
  ] as const)("%s + %o is %s", (day, interval, expected) => {
    expect(addInterval(day, interval)).toBe(expected);
  });
});

describe("isBefore", () => {
  it("compares moments, not their text", () => {
    expect(isBefore("2026-11-28T10:00:00Z", "2026-11-28T10:00:00.5Z")).toBe(true);
    expect("2026-11-28T10:00:00Z" < "2026-11-28T10:00:00.5Z").toBe(false); // why: text sorts them wrongly
    expect(isBefore("2026-11-28T10:00:00.000Z", "2026-11-28T10:00:00Z")).toBe(false);
  });
});
