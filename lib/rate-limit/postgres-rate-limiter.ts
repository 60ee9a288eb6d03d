import "server-only";
import type { Database } from "@/lib/store/postgres/pool";
import { borrowOrOpen } from "@/lib/store/postgres/pools";
import { ASYNC_COMMIT } from "@/lib/store/postgres/async-commit";
import type pg from "pg";
import { MAX_MEMORY_BUCKETS, stateOf, windowOf, type RateLimiter, type RateLimitState } from "./rate-limiter";
import { nowMs } from "@/lib/clock";
import type { MaybePromise } from "@/lib/maybe-promise";

/** Rows one sweep deletes at most, so a sweep's cost is bounded however many piled up. */
export const SWEEP_BATCH = 5_000;

/** How often counts admitted here are added to the shared table: one statement for every bucket. */
export const FLUSH_INTERVAL_MS = 250;
/** How long a count's statement may take before the request it holds up fails open. */
const STATEMENT_TIMEOUT_MS = 1_500;

/**
 * Requests one instance may admit per bucket that the table has not seen yet: 1% of the
 * quota. It bounds what a key gets across N instances to limit + N × localBudget(limit)
 * (docs/decisions/122). Below 100 it is 0: every request is decided by the table's total,
 * as exactly as one counter, sharing each statement with the requests that arrived meanwhile.
 */
export function localBudget(limit: number): number {
  return Math.floor(limit / 100);
}

interface Waiter {
  placed(position: number): void;
  failed(error: unknown): void;
}

interface Counter {
  /** The window these counts belong to. */
  start: number;
  /** When it ends: buckets of different window lengths share the map (the API's minute, sign-in's quarter hour). */
  end: number;
  /** The table's count for the window, as of this instance's last flush (everyone's requests). */
  known: number;
  /** Admitted here, not yet sent. */
  pending: number;
  /** Admitted here, sent in the flush under way. */
  sending: number;
  /** Requests waiting for the table's total to be decided (a quota with no local budget), in arrival order. */
  waiting: Waiter[];
  /** Those among `sending`: the last `sendingWaiters.length` of it. */
  sendingWaiters: Waiter[];
}

/**
 * Counters shared by every instance through the rate_limits table, written in batches:
 * a request is decided here, at once, from the table's count as last seen plus what this
 * instance admitted since; every FLUSH_INTERVAL_MS one statement adds this instance's new
 * counts to every bucket and reads back the totals (everyone's). An instance may admit at
 * most localBudget(limit) requests per bucket that the table has not confirmed; the next
 * one waits for a flush and is decided on the fresh total. So a key gets at most
 * limit + localBudget(limit) per instance in a window, never limit per instance, and the
 * table sees a few writes per second per instance however many requests arrive.
 * Refused requests are not counted (they take nothing from the quota).
 * Rows whose window has ended are deleted once per window per process, after a flush, in
 * batches of SWEEP_BATCH (a full batch leaves the sweep due for the next flush).
 * Why: docs/decisions/122.
 */
export function createPostgresRateLimiter(options: {
  connectionString: string;
  schema?: string;
  /** The process's request pool (docs/decisions/242); without it, a pool of the store's own. */
  database?: Database;
  now?: () => number;
  flushIntervalMs?: number;
}): RateLimiter & {
  /** Sends what is pending now (tests, and close). */
  flush(): Promise<void>;
  close(): Promise<void>;
} {
  const now = options.now ?? nowMs;
  const interval = options.flushIntervalMs ?? FLUSH_INTERVAL_MS;
  const counters = new Map<string, Counter>();
  let sweptWindow = -Infinity;
  let longestWindowMs = 0;
  let timer: NodeJS.Timeout | undefined;
  let flushing: Promise<void> | undefined;
  // Short bounds: a counter that cannot be reached fails open (lib/api/request-limits.ts),
  // so waiting on it only delays the answer the store gives anyway. On a shared pool, each
  // statement carries its own (STATEMENT_TIMEOUT_MS).
  const { database: pool, release } = borrowOrOpen(options, {
    max: 2,
    connectTimeoutMs: 1_000,
    statementTimeoutMs: 1_000,
    maxWaiting: 64,
    applicationName: "pet-store rate limits",
  });

  const schedule = () => {
    if (timer || flushing) return;
    timer = setTimeout(() => {
      timer = undefined;
      void flush().catch(() => {}); // counts stay pending; the next flush sends them
    }, interval);
    timer.unref();
  };

  /** One flush at a time: a second caller shares the one under way. */
  const flush = (): Promise<void> => {
    flushing ??= send().finally(() => {
      flushing = undefined;
      const counts = [...counters.values()];
      // Requests waiting for a total go at once; counts already admitted can wait for the timer.
      if (counts.some((counter) => counter.waiting.length > 0)) void flush().catch(() => {});
      else if (counts.some((counter) => counter.pending > 0)) schedule();
    });
    return flushing;
  };

  async function send(): Promise<void> {
    const buckets: string[] = [];
    const starts: number[] = [];
    const counts: number[] = [];
    for (const [bucket, counter] of counters) {
      if (counter.pending === 0) continue;
      counter.sending = counter.pending;
      counter.pending = 0;
      counter.sendingWaiters = counter.waiting;
      counter.waiting = [];
      buckets.push(bucket);
      starts.push(counter.start);
      counts.push(counter.sending);
    }
    if (buckets.length === 0) return;
    let rows: { bucket: string; window_start: string; count: number }[];
    try {
      ({ rows } = await pool.query<{ bucket: string; window_start: string; count: number }>({
        // Committed without waiting for the flush: a count lost in a database crash admits a
        // few requests more in one window (docs/decisions/109, 242).
        // A row whose window is newer than ours (another instance moved on) is left as is.
        text: `WITH ${ASYNC_COMMIT}
         INSERT INTO rate_limits AS r (bucket, window_start, count)
           SELECT c.* FROM unnest($1::text[], $2::bigint[], $3::integer[]) AS c, async_commit
         ON CONFLICT (bucket) DO UPDATE SET
           count = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.count + EXCLUDED.count
                        WHEN r.window_start > EXCLUDED.window_start THEN r.count
                        ELSE EXCLUDED.count END,
           window_start = GREATEST(r.window_start, EXCLUDED.window_start)
         RETURNING bucket, window_start, count`,
        values: [buckets, starts, counts],
        query_timeout: STATEMENT_TIMEOUT_MS,
      } as pg.QueryConfig));
    } catch (error) {
      // Not known to be counted: pending again, for the next flush.
      for (const bucket of buckets) {
        const counter = counters.get(bucket);
        if (counter) {
          // The waiters fail open (lib/api/request-limits.ts) and stay counted.
          counter.pending += counter.sending;
          counter.sending = 0;
          for (const waiter of counter.sendingWaiters) waiter.failed(error);
          counter.sendingWaiters = [];
        }
      }
      throw error;
    }
    for (const row of rows) {
      const counter = counters.get(row.bucket);
      if (!counter) continue;
      const waiters = counter.sendingWaiters;
      if (Number(row.window_start) === counter.start) counter.known = row.count;
      // Each waiter's place among everyone's requests: the batch's were counted last.
      const first = counter.known - waiters.length + 1;
      waiters.forEach((waiter, i) => waiter.placed(first + i));
      counter.sending = 0;
      counter.sendingWaiters = [];
    }
    // Rows that started before the longest window counted here have ended, whatever their
    // length; swept at most once a minute.
    const endedBefore = now() - longestWindowMs;
    if (endedBefore - sweptWindow >= 60_000) {
      sweptWindow = endedBefore;
      await sweep(endedBefore).catch(() => (sweptWindow = -Infinity)); // the next flush tries again
    }
  }

  async function sweep(endedBefore: number): Promise<void> {
    const { rowCount } = await pool.query({
      // The outer condition again: a row another instance restarted meanwhile is kept.
      text: `WITH ${ASYNC_COMMIT}
         DELETE FROM rate_limits USING async_commit WHERE window_start < $1 AND bucket IN
         (SELECT bucket FROM rate_limits WHERE window_start < $1 LIMIT ${SWEEP_BATCH})`,
      values: [endedBefore],
      query_timeout: STATEMENT_TIMEOUT_MS,
    } as pg.QueryConfig);
    if (rowCount === SWEEP_BATCH) sweptWindow = -Infinity;
  }

  /** The least recently created bucket goes; its waiters fail open rather than wait forever. */
  const forgetOldest = () => {
    const [name, counter] = counters.entries().next().value!;
    counters.delete(name);
    for (const waiter of [...counter.waiting, ...counter.sendingWaiters]) waiter.failed(new Error("bucket forgotten"));
  };

  let sweptAt = 0;
  const counterOf = (bucket: string, time: number, windowSeconds: number, start: number): Counter => {
    // Ended windows are forgotten as new ones begin; at most MAX_MEMORY_BUCKETS are kept.
    if (time - sweptAt > windowSeconds * 1000) {
      for (const [name, counter] of counters) {
        if (counter.end <= time && counter.pending === 0 && counter.sending === 0) counters.delete(name);
      }
      sweptAt = time;
    }
    let counter = counters.get(bucket);
    if (counter && counter.start !== start && counter.pending === 0 && counter.sending === 0) {
      counters.delete(bucket);
      counter = undefined;
    }
    if (!counter) {
      if (counters.size >= MAX_MEMORY_BUCKETS) forgetOldest();
      const end = start + windowSeconds * 1000;
      counter = { start, end, known: 0, pending: 0, sending: 0, waiting: [], sendingWaiters: [] };
      counters.set(bucket, counter);
    }
    return counter;
  };

  function hit(bucket: string, limit: number, windowSeconds: number): MaybePromise<RateLimitState> {
    const time = now();
    longestWindowMs = Math.max(longestWindowMs, windowSeconds * 1000);
    const { start, resetSeconds } = windowOf(time, windowSeconds);
    const counter = counterOf(bucket, time, windowSeconds, start);
    // A counter of the previous window still sending: wait for it, then count afresh.
    if (counter.start !== start) return flush().then(() => hit(bucket, limit, windowSeconds));
    const used = counter.known + counter.sending + counter.pending;
    if (used >= limit) return stateOf(used + 1, limit, resetSeconds);
    const budget = localBudget(limit);
    if (budget === 0) {
      // Counted, and decided by its place in the total the flush reads back.
      counter.pending++;
      const placed = new Promise<number>((resolve, reject) =>
        counter.waiting.push({ placed: resolve, failed: reject }),
      );
      if (!flushing) void flush().catch(() => {}); // else it goes as soon as the one under way is back
      return placed.then((position) => stateOf(position, limit, resetSeconds));
    }
    if (counter.pending + counter.sending < budget) {
      counter.pending++;
      schedule();
      return stateOf(used + 1, limit, resetSeconds);
    }
    // This instance's unconfirmed share is spent: decide once the table has the total.
    return flush().then(() => hit(bucket, limit, windowSeconds));
  }

  /** The table's counts for this window, plus what this instance admitted and has not sent yet. */
  async function counted(buckets: readonly string[], windowSeconds: number): Promise<number[]> {
    const { start } = windowOf(now(), windowSeconds);
    const { rows } = await pool.query<{ bucket: string; count: number }>({
      text: "SELECT bucket, count FROM rate_limits WHERE bucket = ANY($1::text[]) AND window_start = $2",
      values: [buckets, start],
      query_timeout: STATEMENT_TIMEOUT_MS,
    } as pg.QueryConfig);
    const stored = new Map(rows.map((row) => [row.bucket, row.count]));
    return buckets.map((bucket) => {
      const counter = counters.get(bucket);
      const unsent = counter?.start === start ? counter.pending + counter.sending : 0;
      return (stored.get(bucket) ?? 0) + unsent;
    });
  }

  return {
    hit,
    counted,
    flush,
    async close() {
      clearTimeout(timer);
      timer = undefined;
      await flush().catch(() => {});
      await release();
    },
  };
}
