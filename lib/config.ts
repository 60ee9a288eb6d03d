import "server-only";
import path from "node:path";

/**
 * Every setting the server reads, with its default, in one place. The README's
 * configuration table mirrors this file.
 */
export const config = {
  /** Where the file store keeps pets, its lock and the generated API key. */
  // The ignore comment keeps Turbopack from tracing the whole project for this runtime path.
  dataDir: path.resolve(/* turbopackIgnore: true */ process.cwd(), process.env.PETSTORE_DATA_DIR || "./data"),
  /** Comma-separated bearer keys; when unset, a key is generated into the data directory. */
  apiKeys: parseKeyList(process.env.PETSTORE_API_KEYS),
  /** postgres://… selects the PostgreSQL store (shared by several instances); unset, the file store. */
  databaseUrl: process.env.PETSTORE_DATABASE_URL || undefined,
  /** PostgreSQL connections per instance, and how long to wait for the database at start (0: exit at once). */
  databasePoolMax: Number(process.env.PETSTORE_DATABASE_POOL_MAX || 10),
  databaseWaitSeconds: Number(process.env.PETSTORE_DATABASE_WAIT_SECONDS || 0),
};

function parseKeyList(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter((key) => key.length > 0);
}
