import { describe, expect, it } from "vitest";
import { parseFigureKey } from "@/lib/stats/figure-key";
import { figuresDocument } from "@/lib/stats/figures-json";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "@/lib/stats/known-answer-year";
import { periodOf } from "@/lib/stats/period";
import { periodStatistics } from "@/lib/stats/period-statistics";
import { matrixSections } from "./matrix-view";

const figures = figuresDocument(
  periodStatistics(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, periodOf("2025"), KNOWN_ANSWER_TIME_ZONE),
);
const [all, dogs] = figures.matrix.tables;

describe("the matrix as rows", () => {
  it("follows SAC's order: beginning, intakes, live and other outcomes, ending", () => {
    expect(matrixSections(all!).map((section) => section.heading)).toEqual([
      "Beginning count",
      "Live intakes",
      "Live outcomes",
      "Other outcomes",
      "Ending count",
    ]);
  });

  it("shows every line, zeros too, and totals rows without counting distance lines twice", () => {
    const intakes = matrixSections(dogs!)[1]!;
    expect(intakes.rows.map((row) => row.label)).toEqual([
      "Stray/At Large",
      "Relinquished by Owner",
      "Owner-Intended Euthanasia",
      "Transferred in from Agency",
      "Transferred in from Agency: in state",
      "Transferred in from Agency: out of state",
      "Transferred in from Agency: international",
      "Other Intakes",
      "Total live intakes",
    ]);
    const total = intakes.rows.at(-1)!;
    const rowsOnly = intakes.rows.filter((row) => !row.detail && !row.isTotal);
    expect(total.allAges.count).toBe(rowsOnly.reduce((sum, row) => sum + row.allAges.count, 0));
    expect(total.allAges.count).toBe(
      dogs!.intakes.filter((line) => !line.partOf).reduce((s, l) => s + l.counts.total, 0),
    );
    expect(intakes.rows.some((row) => row.allAges.count === 0)).toBe(true);
  });

  it("names each number's figure with a key the drill-down accepts", () => {
    for (const table of [all!, dogs!]) {
      for (const row of matrixSections(table).flatMap((section) => section.rows)) {
        for (const number of [...(row.byAge ?? []), row.allAges]) {
          expect(parseFigureKey(number.figureKey), number.figureKey).not.toBeTypeOf("string");
        }
      }
    }
    const [beginning, , live] = matrixSections(dogs!);
    expect(beginning!.rows.map((row) => row.allAges.figureKey)).toEqual([
      "beginning/in_shelter/canine/all",
      "beginning/in_foster/canine/all",
      "beginning/*/canine/all",
    ]);
    expect(live!.rows.at(-1)!.allAges.figureKey).toBe("outcome/live/canine/*");
    expect(matrixSections(all!)[1]!.rows[0]!.byAge![0]!.figureKey).toBe("intake/stray_at_large/*/up_to_5_months");
  });
});
