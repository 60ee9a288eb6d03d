import { describe, expect, it } from "vitest";
import { percentileOfSorted } from "./percentile";

describe("percentiles (interpolated, as PERCENTILE.INC)", () => {
  it.each([
    [[5], 0.5, 5],
    [[1, 2, 3, 4], 0.5, 2.5],
    [[1, 2, 3], 0.5, 2],
    [[1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9, 9.1],
    [[0, 100], 0.9, 90],
    [[1, 2, 3], 1, 3],
    [[1, 2, 3], 0, 1],
    [[0.1, 0.2], 0.5, 0.15],
  ])("of %j at %d is %d", (values, p, expected) => {
    expect(percentileOfSorted(values, p)).toBe(expected);
  });

  it("has none without values", () => {
    expect(percentileOfSorted([], 0.5)).toBeUndefined();
  });
});
