import { describe, expect, it } from "vitest";
import { figuresDocument } from "@/lib/stats/figures-json";
import { membersOfFigure, parseFigureKey } from "@/lib/stats/figure-key";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "@/lib/stats/known-answer-year";
import { periodOf } from "@/lib/stats/period";
import { periodStatistics } from "@/lib/stats/period-statistics";
import { figureKeys, percentWords } from "./figure-keys";
import { matrixSections } from "./matrix-rows";

// Every number the Statistics view shows links to a drill-down: the list behind each link must
// be as long as the number beside it, for every species, section, line and age group.
const statisticsOf = (period: string) =>
  periodStatistics(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, periodOf(period), KNOWN_ANSWER_TIME_ZONE);

function listLength(statistics: ReturnType<typeof statisticsOf>, key: string): number {
  const figure = parseFigureKey(key);
  if (typeof figure === "string") throw new Error(`${key}: ${figure}`);
  return membersOfFigure(statistics, figure).length;
}

describe.each(["2025", "2025-Q3", "2025-09"])("the view's numbers and their drill-downs, %s", (period) => {
  const statistics = statisticsOf(period);
  const figures = figuresDocument(statistics);

  it("gives every count of the matrix, totals included, a key listing that many stays", () => {
    let checked = 0;
    for (const table of figures.matrix.tables) {
      for (const section of matrixSections(table)) {
        for (const row of section.rows) {
          for (const count of row.counts) {
            if (!count) continue;
            expect(listLength(statistics, count.key), `${table.species}: ${section.title}, ${row.label}`).toBe(
              count.count,
            );
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("gives the live release rate's parts, lengths of stay and trend points keys listing as many", () => {
    for (const rate of figures.liveReleaseRate.figures) {
      const keys = figureKeys.liveReleaseRate(rate.species);
      expect(listLength(statistics, keys.live)).toBe(rate.live);
      expect(listLength(statistics, keys.counted)).toBe(rate.counted);
      expect(listLength(statistics, keys.allOutcomes)).toBe(rate.allOutcomes);
      expect(listLength(statistics, keys.ownerIntended)).toBe(rate.ownerIntendedEuthanasia);
    }
    for (const length of figures.lengthOfStay.figures) {
      expect(listLength(statistics, figureKeys.lengthOfStay(length.species))).toBe(length.count);
    }
    for (const point of figures.trend) {
      expect(listLength(statistics, figureKeys.trend(point.month, "intakes"))).toBe(point.intakes);
      expect(listLength(statistics, figureKeys.trend(point.month, "outcomes"))).toBe(point.outcomes);
    }
  });
});

describe("the matrix's layout", () => {
  it("totals rows without their distance lines, as SAC's matrix does", () => {
    const [table] = figuresDocument(statisticsOf("2025")).matrix.tables;
    const intakes = matrixSections(table!)[1]!;
    const detail = intakes.rows.filter((row) => row.detail);
    expect(detail.map((row) => row.label)).toContain("Transferred in from Agency: in state");
    const total = intakes.rows.at(-1)!;
    expect(total).toMatchObject({ label: "Total live intakes", total: true });
    const rowsTotal = intakes.rows
      .filter((row) => !row.detail && !row.total)
      .reduce((sum, row) => sum + row.counts[3]!.count, 0);
    expect(total.counts[3]).toEqual({ count: rowsTotal, key: "intake/*/*/*" });
    expect(rowsTotal).toBe(13);
  });
});

describe("percentWords", () => {
  it("writes a rate as a percentage to one decimal", () => {
    expect(percentWords(0.75)).toBe("75.0%");
    expect(percentWords(2 / 3)).toBe("66.7%");
    expect(percentWords(1)).toBe("100.0%");
  });
});
