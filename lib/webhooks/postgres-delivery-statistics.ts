import "server-only";
import type { Database } from "@/lib/store/postgres/pool";

/** Rows fanned out since the last ANALYZE after which the planner's picture is refreshed. */
export const ANALYZE_AFTER_ROWS = 1_000;

/**
 * Keeps PostgreSQL's statistics of webhook_deliveries current after a burst of fan-out
 * (docs/decisions/313). The claim asks for the oldest due deliveries, a few at a time; with
 * the table's statistics from before the burst the planner expects a handful of due rows, so
 * it reads and sorts every due row for each claim of ten (43 ms for 20,000 rows, against 0.7 ms
 * through the due index once analysed), and autovacuum's analyse comes up to a minute later.
 * One ANALYZE (a sample, tens of milliseconds) after each thousand rows this process fanned out
 * keeps the claim on the index. Background work only: it runs on the delivery pool, after the
 * fan-out's commit, one at a time.
 */
export function deliveryStatistics(background: Database): { fannedOut(rows: number): Promise<void> } {
  let sinceAnalyze = 0;
  let running: Promise<void> | undefined;
  return {
    fannedOut(rows) {
      sinceAnalyze += rows;
      if (running || sinceAnalyze < ANALYZE_AFTER_ROWS) return running ?? Promise.resolve();
      sinceAnalyze = 0;
      running = background
        .query("ANALYZE webhook_deliveries")
        .then(() => undefined)
        // Only a plan's speed rides on it, and autovacuum analyses later anyway: a failed
        // ANALYZE (the database restarting) must not fail the fan-out that already committed.
        .catch(() => undefined)
        .finally(() => (running = undefined));
      return running;
    },
  };
}
