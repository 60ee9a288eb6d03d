import { describe, expect, it } from "vitest";
import { PeriodId, PeriodQuery, lastDayOf, monthsBefore, monthsFromTo, periodOf, twelveMonthsEnding } from "./period";

describe("periods", () => {
  it("gives a month as itself, from its first to its last day", () => {
    expect(periodOf("2024-02")).toEqual({
      id: "2024-02",
      kind: "month",
      months: ["2024-02"],
      first: "2024-02-01",
      last: "2024-02-29",
    });
  });

  it("gives a quarter as its three months", () => {
    expect(periodOf("2026-Q4")).toMatchObject({
      kind: "quarter",
      months: ["2026-10", "2026-11", "2026-12"],
      first: "2026-10-01",
      last: "2026-12-31",
    });
    expect(periodOf("2026-Q1").months).toEqual(["2026-01", "2026-02", "2026-03"]);
  });

  it("gives a year as its twelve months", () => {
    const year = periodOf("2025");
    expect(year.months).toHaveLength(12);
    expect([year.months[0], year.months[11], year.first, year.last]).toEqual([
      "2025-01",
      "2025-12",
      "2025-01-01",
      "2025-12-31",
    ]);
  });

  it("gives the public page's twelve months across a new year", () => {
    const twelve = twelveMonthsEnding("2026-03");
    expect(twelve.id).toBe("2025-04/2026-03");
    expect(twelve.months[0]).toBe("2025-04");
    expect(twelve.months[11]).toBe("2026-03");
    expect([twelve.first, twelve.last]).toEqual(["2025-04-01", "2026-03-31"]);
  });

  it("counts months back and forth across years", () => {
    expect(monthsBefore("2026-01", 1)).toBe("2025-12");
    expect(monthsBefore("2025-12", -1)).toBe("2026-01");
    expect(monthsBefore("2026-11", 23)).toBe("2024-12");
    expect(lastDayOf("2025-02")).toBe("2025-02-28");
  });

  it.each(["2026-13", "2026-00", "2026-Q5", "2026-Q0", "26-01", "2026-1", "1899", "2026-11-01", ""])(
    "refuses %j with the forms it takes",
    (id) => {
      const result = PeriodId.safeParse(id);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toMatch(/month \(YYYY-MM\), a quarter \(YYYY-Qn\) or a year/);
    },
  );

  it("parses a query string's period into its months", () => {
    expect(PeriodQuery.parse("2026-Q2").months).toEqual(["2026-04", "2026-05", "2026-06"]);
  });

  it("gives any run of months, first to last", () => {
    const decade = monthsFromTo("2016-01", "2025-12");
    expect([decade.id, decade.kind, decade.months.length, decade.first, decade.last]).toEqual([
      "2016-01/2025-12",
      "months",
      120,
      "2016-01-01",
      "2025-12-31",
    ]);
    expect(monthsFromTo("2026-11", "2026-11").months).toEqual(["2026-11"]);
    expect(() => monthsFromTo("2026-11", "2026-10")).toThrow(RangeError);
  });
});
