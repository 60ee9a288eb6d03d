import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { consoleLogger, type StoreLogger } from "@/lib/store/file/logger";
import { getMetrics } from "@/lib/ops/metrics";
import type { PetStore } from "@/lib/composition/pet-store";
import { describeDatabase, redactPassword } from "@/lib/store/postgres/database-target";
import { warnIfNotDurable } from "@/lib/store/postgres/durability";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import type { Database } from "@/lib/store/postgres/pool";
import { openDatabasePools, type DatabasePools } from "@/lib/store/postgres/pools";
import { isDatabaseUnavailable } from "@/lib/store/postgres/unavailable";
import { openSharedChangeFeed } from "@/lib/store/postgres/change-feed";
import { withReadCache } from "./postgres-read-cache";
import { listenForEvents } from "@/lib/events/postgres-event-notify";
import { announceEventsAppended } from "@/lib/events/appended";
import { DEFAULT_EVENT_RETENTION_DAYS } from "@/lib/events/retention";
import { PostgresStore } from "./postgres-pet-store";

export interface PostgresStoreOptions {
  connectionString: string;
  /** Connections the request pool keeps at most (PETSTORE_DATABASE_POOL_MAX), when the store opens its own. */
  poolMax?: number;
  /** The process's pools (lib/store/postgres/pools.ts), shared with every other store; the store does not end them. */
  pools?: DatabasePools;
  /** How long to keep trying when the database cannot be reached at start; 0 fails at once. */
  waitSeconds?: number;
  /** A schema of its own instead of `public` (each contract test gets a fresh one). */
  schema?: string;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  logger?: StoreLogger;
  /** Remember listings between changes (read-cache.ts); on unless turned off (the bench compares). */
  cacheReads?: boolean;
  /** How long events are kept (PETSTORE_EVENT_RETENTION_DAYS). Default 30. */
  eventRetentionDays?: number;
  /** The shelter's zone (PETSTORE_TIME_ZONE): the record's days are its. Default UTC. */
  timeZone?: string;
  /**
   * Whether a pet created without an intake gets its first stay (docs/decisions/254). Default
   * true; false only for the stay store's contract, which records stays on pets that have none.
   */
  firstStays?: boolean;
}

/**
 * Opens the PostgreSQL adapter: reaches the database (waiting if configured), applies
 * migrations under an advisory lock, warns when the server is not durable.
 */
export async function openPostgresStore(options: PostgresStoreOptions): Promise<PetStore> {
  const logger = options.logger ?? consoleLogger;
  const target = describeDatabase(options.connectionString);
  // The process's pools when its composition root hands them over (lib/composition/database-pools.ts),
  // else pools of the store's own (tests, benches, tools), ended with it.
  const pools =
    options.pools ??
    openDatabasePools({
      connectionString: options.connectionString,
      requestsMax: options.poolMax ?? 10,
      schema: options.schema,
      connectTimeoutMs: options.connectTimeoutMs,
      statementTimeoutMs: options.statementTimeoutMs,
      warn: (message) => logger.warn(message),
    });
  const releasePools = options.pools ? async () => {} : () => pools.end();
  const database = pools.requests;
  // Read when metrics are scraped: how busy this instance's request pool is.
  const { pool } = database;
  getMetrics().sources.pool = () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount });
  try {
    await waitForDatabase(database, options.waitSeconds ?? 0, target, options.connectionString, logger);
    await migrateDatabase({ connectionString: options.connectionString, schema: options.schema, logger });
    await warnIfNotDurable(database, logger);
  } catch (error) {
    await releasePools().catch(() => {});
    throw error;
  }
  // Two: the event lock lets one create statement commit at a time, so a third would only
  // split the creates waiting behind it into smaller batches (docs/decisions/181).
  const inserts = Math.max(1, Math.min(2, Math.floor(pool.options.max / 2)));
  // Other instances' events, announced here as this instance's own are (lib/events/postgres-event-notify.ts).
  const listener = listenForEvents(options.connectionString, announceEventsAppended, logger);
  const retentionMs = (options.eventRetentionDays ?? DEFAULT_EVENT_RETENTION_DAYS) * 86_400_000;
  const stayFlows = { firstStays: options.firstStays !== false, timeZone: options.timeZone ?? "UTC" };
  const store = new PostgresStore(database, inserts, listener, retentionMs, releasePools, stayFlows);
  if (options.cacheReads === false) return store;
  return withReadCache(
    store,
    openSharedChangeFeed({ connectionString: options.connectionString, schema: options.schema }),
    pools.ownBackends,
  );
}

async function waitForDatabase(
  database: Database,
  waitSeconds: number,
  target: string,
  url: string,
  logger: StoreLogger,
) {
  const deadline = Date.now() + waitSeconds * 1000;
  for (let attempt = 1; ; attempt++) {
    try {
      await database.query("SELECT 1");
      return;
    } catch (error) {
      const cause = error instanceof Error && error.cause instanceof Error ? error.cause : error;
      const reason = redactPassword(describeError(cause), url);
      if (!isDatabaseUnavailable(cause) || Date.now() >= deadline) {
        throw new Error(`cannot reach PostgreSQL at ${target} (${reason})`, { cause: undefined });
      }
      if (attempt === 1)
        logger.warn(`Pet Store: waiting up to ${waitSeconds} s for PostgreSQL at ${target} (${reason})`);
      await sleep(1_000);
    }
  }
}

function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: unknown }).code;
  const message =
    error.message || (error instanceof AggregateError ? error.errors.map(describeError).join("; ") : error.name);
  return typeof code === "string" && !message.includes(code) ? `${code}: ${message}` : message;
}
