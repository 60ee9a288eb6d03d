import { describe, expect, it } from "vitest";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";
import { periodOf } from "./period";
import { periodStatistics } from "./period-statistics";

describe("a period's statistics at once", () => {
  const year = periodStatistics(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, periodOf("2025"), KNOWN_ANSWER_TIME_ZONE);

  it("gives the rate for all species then each, the lengths of stay and the trend", () => {
    expect(year.liveReleaseRates.map((rate) => [rate.species, rate.live, rate.counted, rate.rate])).toEqual([
      ["all", 9, 12, 0.75],
      ["canine", 6, 7, null],
      ["feline", 2, 4, null],
      ["rabbit", 1, 1, null],
    ]);
    expect(year.lengthsOfStay.map((figure) => [figure.species, figure.count, figure.medianDays])).toEqual([
      ["all", 13, 16.42],
      ["canine", 7, null],
      ["feline", 5, null],
      ["rabbit", 1, null],
    ]);
    expect(year.trend).toHaveLength(12);
    expect(year.facts).toHaveLength(18);
  });

  it("passes a smaller minimum to every figure", () => {
    const staff = periodStatistics(
      KNOWN_ANSWER_ANIMALS,
      KNOWN_ANSWER_MAPPING,
      periodOf("2025"),
      KNOWN_ANSWER_TIME_ZONE,
      1,
    );
    expect(staff.liveReleaseRates[1]?.rate).toBe(6 / 7);
    expect(staff.lengthsOfStay[1]?.medianDays).toBe(38);
  });
});
