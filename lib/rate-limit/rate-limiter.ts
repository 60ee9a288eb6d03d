import { nowMs } from "@/lib/clock";
import type { MaybePromise } from "@/lib/maybe-promise";

/** One counted request against a fixed window: how much is left and when the window ends. */
export interface RateLimitState {
  allowed: boolean;
  /** Requests left in this window after this one (0 when refused). */
  remaining: number;
  /** Whole seconds until the window ends and the quota is whole again (at least 1). */
  resetSeconds: number;
}

/**
 * Counts requests per bucket in fixed windows aligned to the clock (so instances sharing a
 * database agree on which window a request falls in). Adapters: in memory per process
 * (below) and the rate_limits table (postgres-rate-limiter.ts), shared by instances.
 */
export interface RateLimiter {
  /** Counts one request; the in-memory counter answers at once, the database's with a promise. */
  hit(bucket: string, limit: number, windowSeconds: number): MaybePromise<RateLimitState>;
  /**
   * How many requests each bucket has counted in the current window, counting none: for a
   * limit that must refuse before the work it counts (sign-in's, before a password is hashed).
   */
  counted(buckets: readonly string[], windowSeconds: number): MaybePromise<number[]>;
}

export function windowOf(now: number, windowSeconds: number) {
  const windowMs = windowSeconds * 1000;
  const start = Math.floor(now / windowMs) * windowMs;
  return { start, resetSeconds: Math.max(1, Math.ceil((start + windowMs - now) / 1000)) };
}

export function stateOf(count: number, limit: number, resetSeconds: number): RateLimitState {
  return { allowed: count <= limit, remaining: Math.max(0, limit - count), resetSeconds };
}

/**
 * Buckets the in-memory counter keeps at most (about 100 bytes each). Past it, the least
 * recently counted bucket is dropped: its count starts again, which only ever lets a
 * forgotten key or address make more requests, never fewer.
 */
export const MAX_MEMORY_BUCKETS = 100_000;

/**
 * Per-process counters: windows that have ended are swept as new ones begin, and at most
 * `maxBuckets` are kept (a Map's order is insertion order; a counted bucket moves to the
 * end), so memory is bounded however many addresses or keys turn up within one window.
 */
export function createMemoryRateLimiter(
  now: () => number = nowMs,
  maxBuckets = MAX_MEMORY_BUCKETS,
): RateLimiter & { size(): number } {
  // `end` too: buckets of different window lengths share the map (the API's minute, sign-in's quarter hour).
  const counters = new Map<string, { start: number; end: number; count: number }>();
  let sweptAt = 0;
  return {
    hit(bucket, limit, windowSeconds) {
      const time = now();
      const { start, resetSeconds } = windowOf(time, windowSeconds);
      if (time - sweptAt > windowSeconds * 1000) {
        for (const [name, counter] of counters) if (counter.end <= time) counters.delete(name);
        sweptAt = time;
      }
      let counter = counters.get(bucket);
      if (counter) counters.delete(bucket);
      if (!counter || counter.start !== start) counter = { start, end: start + windowSeconds * 1000, count: 0 };
      counters.set(bucket, counter);
      if (counters.size > maxBuckets) counters.delete(counters.keys().next().value!);
      counter.count++;
      return stateOf(counter.count, limit, resetSeconds);
    },
    counted(buckets, windowSeconds) {
      const { start } = windowOf(now(), windowSeconds);
      return buckets.map((bucket) => {
        const counter = counters.get(bucket);
        return counter?.start === start ? counter.count : 0;
      });
    },
    size: () => counters.size,
  };
}
