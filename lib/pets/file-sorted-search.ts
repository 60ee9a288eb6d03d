/**
 * The first index i in [0, length) whose value `values[i * stride]` is >= `target`
 * (values ascending), or `length`. Ids and row numbers are close to evenly spaced, so
 * guessing the position from the values at the ends of the range lands next to the
 * answer in a step or two: a few memory reads where halving needs ~20 at a million
 * entries, each a likely cache miss. Halving finishes the job, so uneven data still
 * costs O(log n).
 */
export function lowerBound(values: Float64Array | Uint32Array, length: number, target: number, stride = 1): number {
  const value = (i: number) => values[i * stride] as number;
  let low = 0;
  let high = length; // the answer is in [low, high]
  for (let step = 0; step < 4 && high - low > 8; step++) {
    const first = value(low);
    const last = value(high - 1);
    if (target <= first) return low;
    if (target > last) return high;
    const guess = low + Math.floor(((target - first) / (last - first)) * (high - 1 - low));
    if (value(guess) < target) low = guess + 1;
    else high = guess;
  }
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (value(mid) < target) low = mid + 1;
    else high = mid;
  }
  return low;
}
