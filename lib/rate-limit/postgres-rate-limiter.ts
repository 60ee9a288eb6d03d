import "server-only";
import pg from "pg";
import { stateOf, windowOf, type RateLimiter } from "./rate-limiter";
import { nowMs } from "@/lib/clock";

/**
 * Counters in the rate_limits table, so every instance on the database counts against
 * one quota: one upsert per request, which restarts the count when the window moved on.
 */
export function createPostgresRateLimiter(options: { connectionString: string; schema?: string }): RateLimiter & {
  close(): Promise<void>;
} {
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: 4,
    connectionTimeoutMillis: 3_000,
    statement_timeout: 2_000,
    application_name: "pet-store rate limits",
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  });
  pool.on("error", () => {});
  return {
    async hit(bucket, limit, windowSeconds) {
      const { start, resetSeconds } = windowOf(nowMs(), windowSeconds);
      const { rows } = await pool.query<{ count: number }>(
        `INSERT INTO rate_limits AS r (bucket, window_start, count) VALUES ($1, $2, 1)
         ON CONFLICT (bucket) DO UPDATE SET
           count = CASE WHEN r.window_start = EXCLUDED.window_start THEN r.count + 1 ELSE 1 END,
           window_start = EXCLUDED.window_start
         RETURNING count`,
        [bucket, start],
      );
      return stateOf(rows[0]!.count, limit, resetSeconds);
    },
    close: () => pool.end(),
  };
}
