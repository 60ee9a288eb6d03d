import "server-only";
import { createDatabase, type Database, type PoolOptions } from "./pool";
import { trackOwnBackends, type OwnBackends } from "./own-backends";
import { describeDatabase } from "./database-target";

/**
 * Each purpose's application_name, so pg_stat_activity tells an operator which of a Pet
 * Store's connections is which (docs/decisions/242).
 */
export const PURPOSES = {
  requests: "pet-store:requests",
  background: "pet-store:background",
  listen: "pet-store:listen",
} as const;

/** Connections the background pool keeps at most: webhook delivery and the mail outbox. */
export const BACKGROUND_POOL_MAX = 2;
/** LISTEN connections a process holds: the change feed's and the events' (./change-feed.ts, lib/events/postgres-event-notify.ts). */
export const LISTEN_CONNECTIONS = 2;

/** What one instance may hold at most, PETSTORE_DATABASE_POOL_MAX being `requestsMax`; migrations at start aside. */
export function connectionsPerInstance(requestsMax: number): number {
  return requestsMax + BACKGROUND_POOL_MAX + LISTEN_CONNECTIONS;
}

/**
 * A process's pools, one per purpose, shared by every resource's store (docs/decisions/242):
 * `requests` for whatever a request waits on, `background` for work that must never take a
 * request's connection (deliveries, the mail outbox). The listeners are connections of their
 * own, not pooled (a pooled client goes back, and its LISTEN with it).
 */
export interface DatabasePools {
  readonly requests: Database;
  readonly background: Database;
  /** The request pool's backends from its first connection on, for the read cache (./own-backends.ts). */
  readonly ownBackends: OwnBackends;
  /** Ends both pools; call once every store that borrowed them is closed. */
  end(): Promise<void>;
}

export interface DatabasePoolsOptions {
  connectionString: string;
  /** PETSTORE_DATABASE_POOL_MAX: connections the request pool keeps at most. */
  requestsMax: number;
  schema?: string;
  connectTimeoutMs?: number;
  statementTimeoutMs?: number;
  /** Told when a connection breaks while idle (the database restarted); the pool drops it. */
  warn: (message: string) => void;
}

export function openDatabasePools(options: DatabasePoolsOptions): DatabasePools {
  const target = describeDatabase(options.connectionString);
  const onIdleError = (message: string) =>
    options.warn(`Pet Store: a PostgreSQL connection to ${target} failed while idle: ${message}`);
  const shared: Omit<PoolOptions, "max"> = {
    connectionString: options.connectionString,
    schema: options.schema,
    connectTimeoutMs: options.connectTimeoutMs,
    statementTimeoutMs: options.statementTimeoutMs,
  };
  const requests = createDatabase(
    { ...shared, max: options.requestsMax, applicationName: PURPOSES.requests },
    onIdleError,
  );
  // Before any connection is made, so that every backend of the pool is known.
  const ownBackends = trackOwnBackends(requests.pool);
  const background = createDatabase(
    { ...shared, max: BACKGROUND_POOL_MAX, applicationName: PURPOSES.background },
    onIdleError,
  );
  let ended: Promise<void> | undefined;
  return {
    requests,
    background,
    ownBackends,
    end: () => (ended ??= Promise.all([requests.end(), background.end()]).then(() => {})),
  };
}

/**
 * The pool a resource's store runs on: the process's shared one when it is handed one (the
 * store then leaves ending it to whoever made it), else a pool of the store's own, ended
 * with the store: for tests and tools that open one store alone.
 */
export function borrowOrOpen(
  options: { connectionString: string; schema?: string; database?: Database },
  own: Omit<PoolOptions, "connectionString" | "schema">,
): { database: Database; release(): Promise<void> } {
  if (options.database) return { database: options.database, release: async () => {} };
  const database = createDatabase(
    { ...own, connectionString: options.connectionString, schema: options.schema },
    () => {}, // an idle connection dropped; the next query reconnects
  );
  return { database, release: () => database.end() };
}
