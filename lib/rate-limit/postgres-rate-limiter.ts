import "server-only";
import { createDatabase } from "@/lib/store/postgres/pool";
import { stateOf, windowOf, type RateLimiter } from "./rate-limiter";
import { nowMs } from "@/lib/clock";

/** Rows one sweep deletes at most, so a sweep's cost is bounded however many piled up. */
export const SWEEP_BATCH = 5_000;

/**
 * Counters in the rate_limits table, so every instance on the database counts against
 * one quota: one upsert per request, which restarts the count when the window moved on.
 * Rows whose window has ended are deleted (a deleted row and an ended one count alike):
 * once per window per process, by the hit that finds the sweep due, after its upsert, in
 * batches of SWEEP_BATCH (a full batch leaves the sweep due for the next hit).
 */
export function createPostgresRateLimiter(options: {
  connectionString: string;
  schema?: string;
  now?: () => number;
}): RateLimiter & {
  close(): Promise<void>;
} {
  const now = options.now ?? nowMs;
  let sweptWindow = -Infinity;
  // Short bounds: a counter that cannot be reached fails open (lib/api/request-limits.ts),
  // so waiting on it only delays the answer the store gives anyway.
  const pool = createDatabase(
    {
      connectionString: options.connectionString,
      max: 4,
      schema: options.schema,
      connectTimeoutMs: 1_000,
      statementTimeoutMs: 1_000,
      maxWaiting: 64,
      applicationName: "pet-store rate limits",
    },
    () => {}, // an idle connection dropped; the next hit reconnects
  );
  return {
    async hit(bucket, limit, windowSeconds) {
      const { start, resetSeconds } = windowOf(now(), windowSeconds);
      const { rows } = await pool.query<{ count: number }>(
        `INSERT INTO rate_limits AS r (bucket, window_start, count) VALUES ($1, $2, 1)
         ON CONFLICT (bucket) DO UPDATE SET
           count = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.count + 1 ELSE 1 END,
           window_start = EXCLUDED.window_start
         RETURNING count`,
        [bucket, start],
      );
      if (start > sweptWindow) {
        sweptWindow = start;
        await sweep(start).catch(() => (sweptWindow = -Infinity)); // the next hit tries again
      }
      return stateOf(rows[0]!.count, limit, resetSeconds);
    },
    close: () => pool.end(),
  };

  async function sweep(currentWindow: number): Promise<void> {
    const { rowCount } = await pool.query(
      // The outer condition again: a row another instance restarted meanwhile is kept.
      `DELETE FROM rate_limits WHERE window_start < $1 AND bucket IN
         (SELECT bucket FROM rate_limits WHERE window_start < $1 LIMIT ${SWEEP_BATCH})`,
      [currentWindow],
    );
    if (rowCount === SWEEP_BATCH) sweptWindow = -Infinity;
  }
}
