/*
 * Issue 42: "months with fewer than a small count of animals in a cell are shown as counts,
 * never as percentages that would mislead". Below this many animals a rate or a percentile is
 * not given; the counts it would be computed from still are (docs/decisions/262).
 */
export const SMALL_COUNT = 10;

export type Withheld = { code: "no_animals" | "small_count"; message: string };

export function withheldBelow(count: number, minimum: number, what: string): Withheld | undefined {
  if (count === 0) return { code: "no_animals", message: `No ${what} in the period` };
  if (count < minimum) {
    return { code: "small_count", message: `Fewer than ${minimum} ${what}: shown as counts only` };
  }
  return undefined;
}
