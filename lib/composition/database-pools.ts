import "server-only";
import { config } from "@/lib/config";
import { getLogger } from "@/lib/ops/logger";
import type { DatabasePools } from "@/lib/store/postgres/pools";

// One set per process, whichever bundle asks (lib/process-singleton.ts), as the stores are.
const POOLS = Symbol.for("petstore.databasePools");
const slot = globalThis as unknown as Record<symbol, Promise<DatabasePools> | undefined>;

/**
 * The process's PostgreSQL pools, one per purpose, handed to every resource's store
 * (docs/decisions/242): made on first use from PETSTORE_DATABASE_URL and
 * PETSTORE_DATABASE_POOL_MAX, ended once at the stop, after every store.
 */
export function getDatabasePools(): Promise<DatabasePools> {
  const url = config.databaseUrl;
  if (!url) return Promise.reject(new Error("PETSTORE_DATABASE_URL is not set"));
  return (slot[POOLS] ??= openConfiguredPools(url));
}

async function openConfiguredPools(url: string): Promise<DatabasePools> {
  // Loaded only when chosen, so a file-store deployment never loads the driver.
  const { openDatabasePools } = await import("@/lib/store/postgres/pools");
  const logger = getLogger().child({ event: "store" });
  return openDatabasePools({
    connectionString: url,
    requestsMax: config.databasePoolMax,
    warn: (message) => logger.warn(message),
  });
}

/** Ends the pools if they were made; after the stores that borrowed them are closed. */
export async function closeDatabasePools(): Promise<void> {
  const opened = slot[POOLS];
  delete slot[POOLS];
  if (opened) await (await opened.catch(() => undefined))?.end();
}
