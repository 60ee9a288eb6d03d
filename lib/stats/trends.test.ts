import { describe, expect, it } from "vitest";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";
import { twelveMonthsEnding } from "./period";
import { stayFactsOf } from "./stay-facts";
import { monthlyTrend } from "./trends";

const facts = stayFactsOf(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE);

describe("monthly trend", () => {
  it("gives the public page's twelve months, empty ones included, each with its stays", () => {
    const trend = monthlyTrend(facts, twelveMonthsEnding("2026-02").months);
    expect(trend.map((point) => point.month)).toEqual([
      "2025-03",
      "2025-04",
      "2025-05",
      "2025-06",
      "2025-07",
      "2025-08",
      "2025-09",
      "2025-10",
      "2025-11",
      "2025-12",
      "2026-01",
      "2026-02",
    ]);
    // The cat adopted at 04:00 UTC on 1 January 2026 left on 31 December, local time.
    expect(trend.at(-2)).toEqual({ month: "2026-01", intakes: [], outcomes: [] });
    expect(trend.at(-1)).toEqual({ month: "2026-02", intakes: [{ petId: 116, stayId: 1018 }], outcomes: [] });
    expect(trend.at(-3)?.outcomes).toEqual([{ petId: 111, stayId: 1012 }]);
  });

  it("leaves out what falls outside the months asked for", () => {
    const [only] = monthlyTrend(facts, ["2024-12"]);
    expect(only?.intakes.map((ref) => ref.stayId)).toEqual([1008, 1011]);
    expect(only?.outcomes).toEqual([]);
  });
});
