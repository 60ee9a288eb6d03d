import { describe, expect, it } from "vitest";
import { figuresDocument } from "@/lib/stats/figures-json";
import { membersOfFigure, parseFigureKey } from "@/lib/stats/figure-key";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "@/lib/stats/known-answer-year";
import { periodOf } from "@/lib/stats/period";
import { periodStatistics } from "@/lib/stats/period-statistics";
import { matrixSections } from "@/components/stats/matrix-view";

// Every number the Statistics view shows links to its drill-down by figure key: the list each
// link opens must be as long as the number on it, for every species, section, line and age
// group, the totals, the live release rate's parts, the lengths of stay and the trend.
const statisticsOf = (period: string) =>
  periodStatistics(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, periodOf(period), KNOWN_ANSWER_TIME_ZONE);

describe.each(["2025", "2025-Q3", "2025-09"])("the view's numbers and their drill-downs, %s", (period) => {
  const statistics = statisticsOf(period);
  const figures = figuresDocument(statistics);
  const listed = (key: string) => {
    const figure = parseFigureKey(key);
    if (typeof figure === "string") throw new Error(`${key}: ${figure}`);
    return membersOfFigure(statistics, figure).length;
  };

  it("gives every count of the matrix, totals included, a key listing that many stays", () => {
    let checked = 0;
    for (const table of figures.matrix.tables) {
      for (const section of matrixSections(table)) {
        for (const row of section.rows) {
          for (const number of [...(row.byAge ?? []), row.allAges]) {
            expect(listed(number.figureKey), `${table.species}: ${section.heading}, ${row.label}`).toBe(number.count);
            checked += 1;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });

  it("gives the live release rate's parts, the lengths of stay and the trend's points keys listing as many", () => {
    for (const rate of figures.liveReleaseRate.figures) {
      expect(listed(`live_release_rate/live/${rate.species}`)).toBe(rate.live);
      expect(listed(`live_release_rate/counted/${rate.species}`)).toBe(rate.counted);
    }
    for (const length of figures.lengthOfStay.figures) {
      expect(listed(`length_of_stay/${length.species}`)).toBe(length.count);
    }
    for (const point of figures.trend) {
      expect(listed(`trend/${point.month}/intakes`)).toBe(point.intakes);
      expect(listed(`trend/${point.month}/outcomes`)).toBe(point.outcomes);
    }
  });
});
