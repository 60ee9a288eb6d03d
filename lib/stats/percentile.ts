/*
 * Percentiles by linear interpolation between the two nearest ranks (Hyndman and Fan's type 7:
 * R's default, NumPy's, and the spreadsheet's PERCENTILE.INC and MEDIAN), so a shelter can
 * check every figure from the records export in a spreadsheet (docs/decisions/262).
 */

/** The `p`-th percentile (0 ≤ p ≤ 1) of values sorted ascending; undefined when there are none. */
export function percentileOfSorted(sorted: ArrayLike<number>, p: number): number | undefined {
  if (sorted.length === 0) return undefined;
  const rank = (sorted.length - 1) * p;
  const below = Math.floor(rank);
  const low = sorted[below] as number;
  const high = sorted[Math.min(below + 1, sorted.length - 1)] as number;
  // Rounded to the hundredth, the precision lengths of stay are kept in: no 4.499999999 days.
  return Math.round((low + (rank - below) * (high - low)) * 100) / 100;
}
