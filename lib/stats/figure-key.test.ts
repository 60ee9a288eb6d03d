import { describe, expect, it } from "vitest";
import { membersOf } from "./basic-data-matrix";
import { membersOfFigure, parseFigureKey, type FigureKey } from "./figure-key";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";
import { periodOf } from "./period";
import { periodStatistics } from "./period-statistics";

const year = periodStatistics(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, periodOf("2025"), KNOWN_ANSWER_TIME_ZONE);
const stays = (key: string) =>
  membersOfFigure(year, parseFigureKey(key) as FigureKey)
    .map((ref) => ref.stayId)
    .sort((a, b) => a - b);

describe("figure keys: one string names each figure", () => {
  it("names a matrix cell as its key, the same stays membersOf gives", () => {
    expect(stays("outcome/adoption/canine/adult")).toEqual([1001, 1002, 1004]);
    expect(stays("ending/in_foster/feline/all")).toEqual(
      membersOf(year.matrix, "ending/in_foster/feline/all").map((ref) => ref.stayId),
    );
  });

  it("adds rows, not their distance lines, for a line `*`; `all` or `*` for every species", () => {
    // Transfers in counted once: the row, not its in_state or out_of_state line.
    expect(stays("intake/*/*/*")).toHaveLength(13); // 4 + 3 + 1 + 2 + 3, as the trend adds up
    expect(stays("intake/*/all/*")).toEqual(stays("intake/*/*/*"));
    expect(stays("intake/transferred_in.in_state/*/*")).toEqual([1005]);
    expect(stays("intake/*/feline/up_to_5_months")).toEqual([1009]);
  });

  it("names an outcome group, the live release rate's parts, a length of stay and a trend point", () => {
    expect(stays("outcome/live/*/*")).toHaveLength(9);
    expect(stays("outcome/other/*/*")).toEqual([1007, 1009, 1011, 1015]);
    expect(stays("live_release_rate/live/all")).toEqual(stays("outcome/live/*/*"));
    expect(stays("live_release_rate/counted/all")).toHaveLength(12);
    expect(stays("length_of_stay/rabbit")).toEqual([1010]);
    expect(stays("length_of_stay/all")).toHaveLength(13);
    expect(stays("trend/2025-09/intakes")).toEqual([1009, 1014]);
    expect(stays("trend/2024-09/intakes")).toEqual([]); // outside the period: none
  });

  it.each([
    ["outcome/adopted/canine/adult", "adopted is not a line of the outcome section"],
    ["intake/live/*/*", "live is not a line of the intake section"],
    ["intake/*/dog/*", "dog is not a species"],
    ["intake/*/*/puppy", "puppy is not an age group"],
    ["live_release_rate/all", "must name a figure"],
    ["trend/2025-13/intakes", "must name a figure"],
    ["", "must name a figure"],
  ])("refuses %j, saying why", (key, message) => {
    expect(parseFigureKey(key)).toContain(message);
  });
});
