/**
 * Applies the SQL migrations in migrations/ to PETSTORE_DATABASE_URL, under the same
 * advisory lock the server takes at start. Run: npm run db:migrate
 */
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { requireDatabaseUrl } from "./database-url";

const { connectionString, shown } = requireDatabaseUrl("db:migrate");
const logger = { info: (line: string) => console.log(line), warn: (line: string) => console.warn(line) };
migrateDatabase({ connectionString, logger }).then(
  (applied) => console.log(`db:migrate: ${shown} is up to date (${applied.length} migration(s) applied now).`),
  (error: unknown) => {
    console.error(`db:migrate: failed on ${shown}: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
