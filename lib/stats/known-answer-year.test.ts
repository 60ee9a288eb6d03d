import { describe, expect, it } from "vitest";
import { basicDataMatrix, type BasicDataMatrix } from "./basic-data-matrix";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";
import { lengthsOfStay } from "./length-of-stay";
import { liveReleaseRate } from "./live-release-rate";
import { matrixTable } from "./matrix-table";
import { periodOf, twelveMonthsEnding } from "./period";
import { stayFactsOf } from "./stay-facts";
import { monthlyTrend } from "./trends";

/*
 * Every expected number here was worked out by hand from the stories in ./known-answer-year.ts
 * (days in the shelter's zone, America/Los_Angeles), not by the code under test. Cells are
 * written as the stays they count: a cell's count is its list's length.
 */

const facts = stayFactsOf(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE);
const matrixOf = (id: string) => basicDataMatrix(facts, periodOf(id), KNOWN_ANSWER_TIME_ZONE);

/** Every non-empty cell, as its stays' ids. */
const cellsOf = (matrix: BasicDataMatrix) =>
  Object.fromEntries(
    [...matrix.cells.values()].map((cell) => [cell.key, cell.members.map((ref) => ref.stayId).sort((a, b) => a - b)]),
  );

describe("the known-answer year (2025)", () => {
  const year = matrixOf("2025");

  it("has exactly these cells, each with exactly these stays", () => {
    expect(cellsOf(year)).toEqual({
      // In care at the end of 31 December 2024: the dog adopted in January, the dog whose
      // intake was 22:30 local on 31 December, and the dog in foster across New Year.
      "beginning/in_shelter/canine/all": [1001, 1011],
      "beginning/in_foster/canine/all": [1008],

      "intake/relinquished_by_owner/canine/adult": [1002, 1016], // a returned adoption counts here
      "intake/stray_at_large/canine/up_to_5_months": [1004],
      "intake/transferred_in/canine/adult": [1005],
      "intake/transferred_in.in_state/canine/adult": [1005],
      "intake/other_intakes/canine/up_to_5_months": [1014], // born in care
      "intake/relinquished_by_owner/feline/adult": [1003],
      "intake/other_intakes/feline/unknown": [1006], // the plain API's "other, not recorded"
      "intake/owner_intended_euthanasia/feline/adult": [1007],
      "intake/stray_at_large/feline/up_to_5_months": [1009],
      "intake/stray_at_large/feline/adult": [1012, 1013],
      "intake/transferred_in/feline/adult": [1015],
      "intake/transferred_in.out_of_state/feline/adult": [1015],
      "intake/other_intakes/rabbit/adult": [1010], // seized or impounded

      "outcome/adoption/canine/adult": [1001, 1002, 1004], // 1004 came in a puppy, left an adult
      "outcome/returned_to_owner/canine/adult": [1008],
      "outcome/transferred_to_agency/canine/adult": [1005],
      "outcome/transferred_to_agency.out_of_state/canine/adult": [1005],
      "outcome/other_live_outcome/canine/adult": [1016],
      "outcome/shelter_euthanasia/canine/adult": [1011], // 30 November, local time
      "outcome/owner_intended_euthanasia/feline/adult": [1007],
      "outcome/died_in_care/feline/up_to_5_months": [1009],
      "outcome/adoption/feline/adult": [1012], // 31 December, local time
      "outcome/returned_to_field/feline/adult": [1013],
      "outcome/lost_in_care/feline/adult": [1015],
      "outcome/adoption/rabbit/adult": [1010],

      // In care at the end of 31 December 2025: the born-in-care puppy back from foster that
      // day, the plain API's cat, and the cat in foster since 1 December.
      "ending/in_shelter/canine/all": [1014],
      "ending/in_shelter/feline/all": [1006],
      "ending/in_foster/feline/all": [1003],
    });
    expect(year.species).toEqual(["canine", "feline", "rabbit"]);
  });

  it("adds up, for all species, as the matrix's table shows it", () => {
    const all = matrixTable(year);
    expect(all.beginning).toEqual({ inShelter: 2, inFoster: 1, total: 3 });
    expect(all.ending).toEqual({ inShelter: 2, inFoster: 1, total: 3 });
    const totals = (lines: { line: string; counts: { total: number } }[]) =>
      Object.fromEntries(lines.map((line) => [line.line, line.counts.total]));
    expect(totals(all.intakes)).toEqual({
      stray_at_large: 4,
      relinquished_by_owner: 3,
      owner_intended_euthanasia: 1,
      transferred_in: 2,
      "transferred_in.in_state": 1,
      "transferred_in.out_of_state": 1,
      "transferred_in.international": 0,
      other_intakes: 3,
    });
    expect(totals(all.liveOutcomes)).toEqual({
      adoption: 5,
      returned_to_owner: 1,
      transferred_to_agency: 1,
      "transferred_to_agency.in_state": 0,
      "transferred_to_agency.out_of_state": 1,
      "transferred_to_agency.international": 0,
      returned_to_field: 1,
      other_live_outcome: 1,
    });
    expect(totals(all.otherOutcomes)).toEqual({
      died_in_care: 1,
      lost_in_care: 1,
      shelter_euthanasia: 1,
      owner_intended_euthanasia: 1,
    });
    expect(all.intakes.find((line) => line.line === "stray_at_large")?.counts).toEqual({
      up_to_5_months: 2,
      adult: 2,
      unknown: 0,
      total: 4,
    });
  });

  it("gives the live release rate: 9 live of 13 outcomes less 1 owner-intended euthanasia", () => {
    expect(liveReleaseRate(year)).toEqual({
      species: "all",
      live: 9,
      allOutcomes: 13,
      ownerIntendedEuthanasia: 1,
      counted: 12,
      rate: 0.75,
    });
  });

  it("withholds each species' rate: fewer than 10 outcomes counted", () => {
    expect(liveReleaseRate(year, "canine")).toMatchObject({
      live: 6,
      counted: 7,
      rate: null,
      withheld: { code: "small_count" },
    });
    expect(liveReleaseRate(year, "feline")).toMatchObject({ live: 2, allOutcomes: 5, counted: 4, rate: null });
    expect(liveReleaseRate(year, "rabbit")).toMatchObject({ live: 1, counted: 1, rate: null });
    // With no small-count rule, the species' rates are 6/7, 2/4 and 1/1.
    expect([liveReleaseRate(year, "canine", 1).rate, liveReleaseRate(year, "feline", 1).rate]).toEqual([6 / 7, 0.5]);
  });

  it("gives the lengths of stay of the 13 stays that ended in 2025", () => {
    // Sorted, in days: 0.17 2 2 4.83 14 15 16.42 30.96 38 56.08 58 125.96 334.04. The median is
    // the 7th; the 90th percentile is 80% of the way from the 11th (58) to the 12th (125.96).
    const [all, canine, feline, rabbit] = lengthsOfStay(facts, year.period, 1);
    expect(all).toMatchObject({ species: "all", count: 13, medianDays: 16.42, percentile90Days: 112.37 });
    // 14 15 30.96 38 56.08 125.96 334.04: the 4th; 40% from the 6th to the 7th.
    expect(canine).toMatchObject({ species: "canine", count: 7, medianDays: 38, percentile90Days: 209.19 });
    // 0.17 2 2 4.83 16.42: the 3rd; 60% from the 4th to the 5th.
    expect(feline).toMatchObject({ species: "feline", count: 5, medianDays: 2, percentile90Days: 11.78 });
    expect(rabbit).toMatchObject({ species: "rabbit", count: 1, medianDays: 58, percentile90Days: 58 });
    expect(all?.members.map((ref) => ref.stayId).sort((a, b) => a - b)).toEqual([
      1001, 1002, 1004, 1005, 1007, 1008, 1009, 1010, 1011, 1012, 1013, 1015, 1016,
    ]);
  });

  it("withholds a species' length of stay below 10 animals that left, not the year's", () => {
    const [all, canine] = lengthsOfStay(facts, year.period);
    expect(all?.medianDays).toBe(16.42);
    expect(canine).toMatchObject({
      count: 7,
      medianDays: null,
      percentile90Days: null,
      withheld: { code: "small_count" },
    });
  });

  it("gives intakes and outcomes month by month", () => {
    const trend = monthlyTrend(facts, year.period.months).map((point) => [
      point.month,
      point.intakes.length,
      point.outcomes.length,
    ]);
    expect(trend).toEqual([
      ["2025-01", 0, 2],
      ["2025-02", 1, 1],
      ["2025-03", 2, 0],
      ["2025-04", 1, 1],
      ["2025-05", 1, 1],
      ["2025-06", 1, 0],
      ["2025-07", 1, 2],
      ["2025-08", 1, 1],
      ["2025-09", 2, 0],
      ["2025-10", 1, 2],
      ["2025-11", 1, 2],
      ["2025-12", 1, 1],
    ]);
  });

  it("is the public page's twelve months ending in December", () => {
    expect(cellsOf(basicDataMatrix(facts, twelveMonthsEnding("2025-12"), KNOWN_ANSWER_TIME_ZONE))).toEqual(
      cellsOf(year),
    );
  });
});

describe("months and a quarter of the known-answer year", () => {
  it("January: the year's beginning, two outcomes, no intake (the 31 December one is December's)", () => {
    expect(cellsOf(matrixOf("2025-01"))).toEqual({
      "beginning/in_shelter/canine/all": [1001, 1011],
      "beginning/in_foster/canine/all": [1008],
      "outcome/adoption/canine/adult": [1001],
      "outcome/returned_to_owner/canine/adult": [1008],
      "ending/in_shelter/canine/all": [1011],
    });
  });

  it("December 2024 counts the 22:30 intake of 31 December local time", () => {
    expect(cellsOf(matrixOf("2024-12"))).toEqual({
      "beginning/in_shelter/canine/all": [1001],
      "intake/stray_at_large/canine/adult": [1008, 1011],
      "ending/in_shelter/canine/all": [1001, 1011],
      "ending/in_foster/canine/all": [1008],
    });
  });

  it("September and October share the kitten's stay: in in one, out in the other", () => {
    expect(cellsOf(matrixOf("2025-09"))).toEqual({
      "beginning/in_shelter/canine/all": [1011],
      "beginning/in_shelter/feline/all": [1003, 1006],
      "intake/stray_at_large/feline/up_to_5_months": [1009],
      "intake/other_intakes/canine/up_to_5_months": [1014],
      "ending/in_shelter/canine/all": [1011, 1014],
      "ending/in_shelter/feline/all": [1003, 1006, 1009],
    });
    expect(cellsOf(matrixOf("2025-10"))).toEqual({
      "beginning/in_shelter/canine/all": [1011, 1014],
      "beginning/in_shelter/feline/all": [1003, 1006, 1009],
      "intake/stray_at_large/feline/adult": [1013],
      "outcome/died_in_care/feline/up_to_5_months": [1009],
      "outcome/returned_to_field/feline/adult": [1013],
      "ending/in_shelter/canine/all": [1011, 1014],
      "ending/in_shelter/feline/all": [1003, 1006],
    });
  });

  it("November: the outcome at 23:30 on the 30th local time is November's", () => {
    expect(cellsOf(matrixOf("2025-11"))).toEqual({
      "beginning/in_shelter/canine/all": [1011, 1014],
      "beginning/in_shelter/feline/all": [1003, 1006],
      "intake/relinquished_by_owner/canine/adult": [1016],
      "outcome/shelter_euthanasia/canine/adult": [1011],
      "outcome/other_live_outcome/canine/adult": [1016],
      "ending/in_shelter/canine/all": [1014],
      "ending/in_shelter/feline/all": [1003, 1006],
    });
  });

  it("December: in foster from the 1st, back from foster on the 31st, adopted at 20:00 on the 31st", () => {
    expect(cellsOf(matrixOf("2025-12"))).toEqual({
      "beginning/in_shelter/canine/all": [1014],
      "beginning/in_shelter/feline/all": [1003, 1006],
      "intake/stray_at_large/feline/adult": [1012],
      "outcome/adoption/feline/adult": [1012],
      "ending/in_shelter/canine/all": [1014],
      "ending/in_shelter/feline/all": [1006],
      "ending/in_foster/feline/all": [1003],
    });
  });

  it("the first quarter", () => {
    expect(cellsOf(matrixOf("2025-Q1"))).toEqual({
      "beginning/in_shelter/canine/all": [1001, 1011],
      "beginning/in_foster/canine/all": [1008],
      "intake/relinquished_by_owner/canine/adult": [1002],
      "intake/stray_at_large/canine/up_to_5_months": [1004],
      "intake/transferred_in/canine/adult": [1005],
      "intake/transferred_in.in_state/canine/adult": [1005],
      "outcome/adoption/canine/adult": [1001],
      "outcome/returned_to_owner/canine/adult": [1008],
      "outcome/transferred_to_agency/canine/adult": [1005],
      "outcome/transferred_to_agency.out_of_state/canine/adult": [1005],
      "ending/in_shelter/canine/all": [1002, 1004, 1011],
    });
  });

  it("counts in UTC differently, which is why the zone is asked for", () => {
    const utc = stayFactsOf(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, "UTC");
    const january = basicDataMatrix(utc, periodOf("2025-01"), "UTC");
    expect(january.cells.get("intake/stray_at_large/canine/adult")?.members).toEqual([{ petId: 110, stayId: 1011 }]);
  });
});
