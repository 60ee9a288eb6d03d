import { describe, expect, it } from "vitest";
import { ageGroupOf, birthDatesOf, wholeMonthsBetween } from "./age-group";

describe("ageGroupOf", () => {
  it.each([
    ["2026-06-01", "baby"],
    ["2025-11-27", "baby"],
    ["2025-11-26", "young"],
    ["2023-11-27", "young"],
    ["2023-11-26", "adult"],
    ["2018-11-27", "adult"],
    ["2018-11-26", "senior"],
    ["2001-01-01", "senior"],
  ])("born %s is %s on 2026-11-26", (born, group) => {
    expect(ageGroupOf(born, "2026-11-26")).toBe(group);
  });

  it("a 29 February birthday comes on 1 March in a common year", () => {
    expect(ageGroupOf("2024-02-29", "2025-02-28")).toBe("baby");
    expect(ageGroupOf("2024-02-29", "2025-03-01")).toBe("young");
  });
});

describe("birthDatesOf agrees with ageGroupOf", () => {
  it.each(["2026-11-26", "2028-02-29", "2027-03-01"])("on %s", (today) => {
    for (const group of ["baby", "young", "adult", "senior"] as const) {
      const { after, onOrBefore } = birthDatesOf(group, today);
      for (const born of [
        "2026-01-01",
        "2025-11-26",
        "2024-02-29",
        "2023-11-27",
        "2019-03-01",
        "2018-11-26",
        "2010-05-05",
      ]) {
        if (born > today) continue;
        const inRange = (after === undefined || born > after) && (onOrBefore === undefined || born <= onOrBefore);
        expect(inRange, `${born} ${group}`).toBe(ageGroupOf(born, today) === group);
      }
    }
  });
});

describe("wholeMonthsBetween", () => {
  it.each([
    ["2026-01-15", "2026-06-15", 5],
    ["2026-01-15", "2026-06-14", 4],
    ["2026-01-31", "2026-02-28", 0],
    ["2026-01-31", "2026-03-01", 1],
    ["2024-02-29", "2025-02-28", 11],
    ["2024-02-29", "2025-03-01", 12],
    ["2026-06-15", "2026-01-15", -5],
  ])("from %s to %s is %i", (from, to, months) => {
    expect(wholeMonthsBetween(from, to)).toBe(months);
  });
});
