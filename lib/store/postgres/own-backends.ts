import "server-only";
import type pg from "pg";

/**
 * The database backends (process ids) of one pool, so the read cache can tell its own
 * commits' NOTIFY from other instances': its own writes already updated it when they
 * settled, before their callers heard back (lib/composition/postgres-read-cache.ts). A backend is trusted only
 * while every write sent on it settles after it commits: `distrust` is called when a write
 * fails (a timeout may commit later, its NOTIFY then the only news of it), and every backend
 * known until then counts as another instance's for good. Why: docs/decisions/228.
 */
export interface OwnBackends {
  has(origin: number | undefined): boolean;
  distrust(): void;
}

export function trackOwnBackends(pool: pg.Pool): OwnBackends {
  let pids = new Set<number>();
  const pidOf = (client: pg.PoolClient) => (client as unknown as { processID?: number }).processID;
  pool.on("connect", (client) => {
    const pid = pidOf(client);
    if (pid !== undefined) pids.add(pid);
  });
  pool.on("remove", (client) => {
    const pid = pidOf(client);
    if (pid !== undefined) pids.delete(pid);
  });
  return {
    has: (origin) => origin !== undefined && pids.has(origin),
    distrust: () => {
      pids = new Set();
    },
  };
}
