import { describe, expect, it } from "vitest";
import { basicDataMatrix, totalOf } from "./basic-data-matrix";
import { lengthsOfStay } from "./length-of-stay";
import { liveReleaseRate } from "./live-release-rate";
import { monthsFromTo } from "./period";
import { recordsCsv } from "./records-csv";
import { sacMatrixCsv } from "./sac-matrix-csv";
import { stayFactsOf } from "./stay-facts";
import { SYNTHETIC_MAPPING, syntheticShelter } from "./synthetic-shelter";
import { monthlyTrend } from "./trends";

/*
 * Issue 42's size: ten years of a 5,000-animals-a-year shelter. Nothing here is timed (the
 * bench measures, on a quiet machine); it shows every figure is computed at that size in one
 * pass each, and that the counts still add up.
 */

describe("ten years of 50,000 stays", () => {
  const animals = syntheticShelter({ animals: 50_000, firstYear: 2016, years: 10 });
  const facts = stayFactsOf(animals, SYNTHETIC_MAPPING, "America/Chicago");
  const decade = monthsFromTo("2016-01", "2025-12");
  const matrix = basicDataMatrix(facts, decade, "America/Chicago");

  it("counts every stay's intake once, and every outcome in the decade", () => {
    const inDecade = (day: string | undefined) => day !== undefined && day >= decade.first && day <= decade.last;
    expect(totalOf(matrix, { section: "intake" })).toBe(facts.filter((each) => inDecade(each.intakeDay)).length);
    expect(totalOf(matrix, { section: "outcome" })).toBe(facts.filter((each) => inDecade(each.outcomeDay)).length);
    // Intakes in the first hours of 2016 in UTC are on 31 December 2015 in Chicago: in care at the beginning.
    const before = facts.filter((each) => each.intakeDay < decade.first && !(each.outcomeDay! < decade.first));
    expect(before.length).toBeGreaterThan(0);
    expect(totalOf(matrix, { section: "beginning" })).toBe(before.length);
  });

  it("balances: beginning + intakes − outcomes = ending", () => {
    const flow = totalOf(matrix, { section: "intake" }) - totalOf(matrix, { section: "outcome" });
    expect(totalOf(matrix, { section: "beginning" }) + flow).toBe(totalOf(matrix, { section: "ending" }));
  });

  it("gives every figure and export", () => {
    expect(liveReleaseRate(matrix).rate).toBeGreaterThan(0);
    expect(lengthsOfStay(facts, decade)[0]?.count).toBeGreaterThan(45_000);
    expect(monthlyTrend(facts, decade.months)).toHaveLength(120);
    expect(sacMatrixCsv([matrix]).split("\r\n")).toHaveLength(2 + matrix.species.length);
    let lines = 0;
    for (const line of recordsCsv(facts, decade)) lines += line.length > 0 ? 1 : 0;
    expect(lines).toBe(50_001);
  });
});
