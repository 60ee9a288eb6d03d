import "server-only";
import pg from "pg";
import { StoreUnavailableError } from "@/lib/errors/store-errors";
import { redactPassword } from "./database-target";
import { isDatabaseUnavailable } from "./unavailable";

export interface PoolOptions {
  connectionString: string;
  /** Connections the pool keeps at most (the request pool's: PETSTORE_DATABASE_POOL_MAX). */
  max: number;
  /** A schema to work in instead of `public` (tests give each store its own). */
  schema?: string;
  /** Bound on connecting and on waiting for a free connection. */
  connectTimeoutMs?: number;
  /** Bound on every statement, enforced by the server (statement_timeout). */
  statementTimeoutMs?: number;
  /** Requests allowed to queue for a connection (default MAX_WAITING). */
  maxWaiting?: number;
  applicationName?: string;
}

/**
 * Requests that may wait for a free connection before more are refused at once (503).
 * Each waiter also gives up after connectTimeoutMs, so both the queue's length and the
 * time spent in it are bounded; 256 absorbs a burst without letting a stall pile up.
 */
const MAX_WAITING = 256;

export interface Database {
  /** Runs one statement; faults that mean "unavailable" become StoreUnavailableError. */
  query<Row extends pg.QueryResultRow>(text: string | pg.QueryConfig, values?: unknown[]): Promise<pg.QueryResult<Row>>;
  /** A dedicated connection, for transactions and migrations. Release it. */
  connect(): Promise<pg.PoolClient>;
  /** Runs `work` in one transaction on one connection: COMMIT if it resolves, ROLLBACK if it throws. */
  transaction<T>(work: (client: pg.PoolClient) => Promise<T>): Promise<T>;
  end(): Promise<void>;
  readonly pool: pg.Pool;
}

/**
 * A pool (./pools.ts makes the process's, one per purpose). Every way of waiting is bounded,
 * so a request answers within about connect + statement timeout even when the database
 * hangs or is gone:
 * connecting and acquiring (connectionTimeoutMillis), each statement on the server
 * (statement_timeout), and a server that stops answering altogether (query_timeout).
 */
export function createDatabase(options: PoolOptions, onIdleError: (message: string) => void): Database {
  const connectTimeoutMs = options.connectTimeoutMs ?? 3_000;
  const statementTimeoutMs = options.statementTimeoutMs ?? 5_000;
  // Commit without waiting for the flush is chosen per statement, never per pool (./async-commit.ts).
  const settings = options.schema ? [`-c search_path=${options.schema}`] : [];
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max,
    connectionTimeoutMillis: connectTimeoutMs,
    idleTimeoutMillis: 30_000,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
    keepAlive: true,
    application_name: options.applicationName ?? "pet-store",
    ...(settings.length > 0 ? { options: settings.join(" ") } : {}),
  });
  // An idle connection that breaks (database restarted) is dropped by the pool; without a
  // listener the 'error' event would crash the process instead.
  pool.on("error", (error) => onIdleError(redactPassword(error.message, options.connectionString)));
  // A checked-out client has no pool listener: a server shutdown arriving between two of
  // its statements would be an unhandled 'error' event. Its next statement fails anyway,
  // and that failure is what the request answers with.
  pool.on("connect", (client) => client.on("error", () => {}));

  const unavailable = (error: unknown) => {
    if (!isDatabaseUnavailable(error)) return error;
    const cause = error as Error & { code?: string };
    const safe = Object.assign(new Error(redactPassword(cause.message, options.connectionString)), {
      code: cause.code,
    });
    return new StoreUnavailableError(safe);
  };
  const refuseWhenSaturated = () => {
    if (pool.waitingCount >= (options.maxWaiting ?? MAX_WAITING)) {
      throw new StoreUnavailableError(
        Object.assign(new Error("connection pool saturated"), { code: "POOL_SATURATED" }),
      );
    }
  };

  const connect = async () => {
    refuseWhenSaturated();
    try {
      return await pool.connect();
    } catch (error) {
      throw unavailable(error);
    }
  };

  return {
    pool,
    async query<Row extends pg.QueryResultRow>(text: string | pg.QueryConfig, values?: unknown[]) {
      refuseWhenSaturated();
      try {
        return await pool.query<Row>(text, values);
      } catch (error) {
        throw unavailable(error);
      }
    },
    connect,
    async transaction(work) {
      const client = await connect();
      let broken = false;
      try {
        await client.query("BEGIN");
        const result = await work(client);
        await client.query("COMMIT");
        return result;
      } catch (error) {
        broken = isDatabaseUnavailable(error);
        if (!broken) await client.query("ROLLBACK").catch(() => (broken = true));
        throw unavailable(error);
      } finally {
        // A connection that failed mid-transaction is dropped, not handed to the next request.
        client.release(broken);
      }
    },
    end: () => pool.end(),
  };
}
