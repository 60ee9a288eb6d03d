import "server-only";
import path from "node:path";
import type { runner as Runner } from "node-pg-migrate";
import pg from "pg";
import type { StoreLogger } from "@/lib/store/file/logger";

/** The plain-SQL migrations, applied in file-name order (a timestamp prefix). */
// The ignore comment keeps Turbopack from tracing the whole project for this runtime path.
export const MIGRATIONS_DIR = path.join(/* turbopackIgnore: true */ process.cwd(), "migrations");

export interface MigrateOptions {
  connectionString: string;
  schema?: string;
  logger: StoreLogger;
}

/**
 * Brings the schema up to date. node-pg-migrate holds a PostgreSQL advisory lock for the
 * whole run and, in "wait" mode, several instances starting at once queue on it: the
 * first applies each migration, the others then find nothing left to do.
 */
export async function migrateDatabase({ connectionString, schema, logger }: MigrateOptions): Promise<string[]> {
  const { runner } = await import("node-pg-migrate");
  // Our own client rather than a URL: node-pg-migrate does not wait for the client it makes
  // to end, nor listen for its errors, so a database shutting down just then would crash us.
  const client = new pg.Client({
    connectionString,
    connectionTimeoutMillis: 10_000,
    application_name: "pet-store migrate",
  });
  client.on("error", () => {});
  await client.connect();
  try {
    return await runMigrations(runner, client, schema, logger);
  } finally {
    await client.end();
  }
}

async function runMigrations(
  runner: typeof Runner,
  client: pg.Client,
  schema: string | undefined,
  logger: StoreLogger,
) {
  const applied = await runner({
    dbClient: client,
    dir: MIGRATIONS_DIR,
    direction: "up",
    migrationsTable: "pgmigrations",
    count: Infinity,
    advisoryLockMode: "wait",
    checkOrder: true,
    ...(schema ? { schema, createSchema: true } : {}),
    logger: {
      debug: () => {},
      // Only the names of migrations applied; "No migrations to run!" on every start is noise.
      info: (message: string) =>
        void (message.startsWith("> - ") && logger.info(`Pet Store: applied migration ${message.slice(4)}`)),
      warn: (message: string) => logger.warn(`Pet Store: migration: ${message}`),
      error: (message: string) => logger.warn(`Pet Store: migration: ${message}`),
    },
  });
  return applied.map((migration) => migration.name);
}
