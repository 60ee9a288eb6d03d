import { expect, it } from "vitest";
import { lowerBound } from "./file-sorted-search";

function naive(values: number[], target: number): number {
  const index = values.findIndex((value) => value >= target);
  return index < 0 ? values.length : index;
}

it("finds the first value not below the target, on even, gappy and skewed data", () => {
  const even = Array.from({ length: 1000 }, (_, i) => i + 1);
  const gappy = even.filter((id) => id % 7 !== 0 && (id < 300 || id > 600));
  const skewed = Array.from({ length: 1000 }, (_, i) => i * i * i + 1);
  for (const values of [even, gappy, skewed, [5], []]) {
    const array = Float64Array.from(values);
    const targets = [0, 1, 2, 299, 300, 301, 650, 999, 1000, 1001, 1e9, ...values.slice(0, 50)];
    for (const target of targets)
      expect(lowerBound(array, values.length, target), `${target}`).toBe(naive(values, target));
  }
});

it("looks only at the first `length` values of a larger buffer", () => {
  const array = Float64Array.from([1, 2, 3, 0, 0]);
  expect(lowerBound(array, 3, 3)).toBe(2);
  expect(lowerBound(array, 3, 4)).toBe(3);
});

it("searches one field of fixed-size records", () => {
  const records = Float64Array.from([10, 99, 20, 99, 30, 99]); // [key, other] × 3
  expect([5, 10, 11, 20, 30, 31].map((target) => lowerBound(records, 3, target, 2))).toEqual([0, 0, 1, 1, 2, 3]);
});
