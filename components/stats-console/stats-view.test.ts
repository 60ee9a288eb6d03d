import { describe, expect, it } from "vitest";
import {
  adjacentPeriod,
  hasBegun,
  lastFullMonth,
  membersHref,
  parseStatsView,
  periodIdOf,
  periodParts,
  periodWords,
  statsViewHref,
} from "./stats-view";

const parse = (query: string) => parseStatsView(new URLSearchParams(query), "2026-11-28");

describe("the Statistics view in the URL", () => {
  it("defaults to the last full month, and says the period was not in the address", () => {
    expect(parse("")).toEqual({ view: { period: "2026-10", species: "all" }, explicit: false });
    expect(lastFullMonth("2026-01-01")).toBe("2025-12");
  });

  it("reads a month, a quarter or a year, and a species", () => {
    expect(parse("period=2025-Q3&species=feline")).toEqual({
      view: { period: "2025-Q3", species: "feline" },
      explicit: true,
    });
    expect(parse("period=2025").view.period).toBe("2025");
    expect(parse("period=2025-03&species=unmapped").view).toEqual({ period: "2025-03", species: "unmapped" });
  });

  it("falls back on what the API would refuse", () => {
    expect(parse("period=2025-13&species=dragon")).toEqual({
      view: { period: "2026-10", species: "all" },
      explicit: false,
    });
    expect(parse("period=1899").explicit).toBe(false);
    expect(parse("period=2025-Q5").explicit).toBe(false);
  });

  it("writes addresses that read back, the drill-down's escaped", () => {
    expect(statsViewHref({ period: "2025-Q3", species: "all" })).toBe("/staff/stats?period=2025-Q3");
    const href = statsViewHref({ period: "2025", species: "canine" });
    expect(parse(href.split("?")[1] ?? "").view).toEqual({ period: "2025", species: "canine" });
    expect(membersHref("2025-09", "intake/*/feline/up_to_5_months")).toBe(
      "/staff/stats/members?period=2025-09&cell=intake%2F*%2Ffeline%2Fup_to_5_months",
    );
  });
});

describe("the period picker's arithmetic", () => {
  it("splits a period into the picker's fields and back, a quarter by any of its months", () => {
    expect(periodParts("2025-Q3")).toEqual({ kind: "quarter", year: 2025, month: 7 });
    expect(periodIdOf({ kind: "quarter", year: 2025, month: 9 })).toBe("2025-Q3");
    expect(periodIdOf({ ...periodParts("2025-11"), kind: "quarter" })).toBe("2025-Q4");
    expect(periodIdOf({ ...periodParts("2025-11"), kind: "year" })).toBe("2025");
    expect(periodIdOf(periodParts("2025-02"))).toBe("2025-02");
  });

  it("steps to the period before and after, across years", () => {
    expect(adjacentPeriod("2026-01", -1)).toBe("2025-12");
    expect(adjacentPeriod("2025-12", 1)).toBe("2026-01");
    expect(adjacentPeriod("2025-Q1", -1)).toBe("2024-Q4");
    expect(adjacentPeriod("2025-Q4", 1)).toBe("2026-Q1");
    expect(adjacentPeriod("2025", 1)).toBe("2026");
  });

  it("offers no period that has not begun", () => {
    expect(hasBegun("2026-11", "2026-11-28")).toBe(true);
    expect(hasBegun("2026-12", "2026-11-28")).toBe(false);
    expect(hasBegun("2026-Q4", "2026-11-28")).toBe(true);
    expect(hasBegun("2027", "2026-11-28")).toBe(false);
  });

  it("names periods in words", () => {
    expect(periodWords("2026-10")).toBe("October 2026");
    expect(periodWords("2026-Q4")).toBe("Q4 2026 (October to December)");
    expect(periodWords("2026")).toBe("2026");
  });
});
