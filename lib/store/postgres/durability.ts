import "server-only";
import type { StoreLogger } from "@/lib/store/file/logger";
import type { Database } from "./pool";

/**
 * A create is acknowledged after COMMIT returns; that means "on disk" only while the
 * server flushes its WAL before answering. Both settings are per-server facts an
 * operator can change, so the store checks them at start and says so when they are off.
 */
export async function warnIfNotDurable(database: Database, logger: StoreLogger): Promise<void> {
  const { rows } = await database.query<{ name: string; setting: string }>(
    "SELECT name, setting FROM pg_settings WHERE name IN ('fsync', 'synchronous_commit')",
  );
  for (const { name, setting } of rows) {
    if (setting === "off") {
      logger.warn(
        `Pet Store: WARNING: PostgreSQL has ${name}=off, so an acknowledged pet can be lost if the database server crashes. ` +
          "Set fsync=on and synchronous_commit=on (or remote_write/remote_apply/local) for durable creates.",
      );
    }
  }
}
