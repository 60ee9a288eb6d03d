/**
 * Copies every pet, with its photos, from a file-store data directory into
 * PETSTORE_DATABASE_URL, keeping pet ids; running it again adds nothing twice. Stop the server using the directory first.
 * Run: npm run db:import -- --from ./data
 */
import path from "node:path";
import { importFileStore } from "@/lib/composition/move-data";
import { argument, requireDatabaseUrl } from "./database-url";

const from = argument("from");
if (!from) {
  console.error("db:import: name the file-store directory: npm run db:import -- --from ./data");
  process.exit(2);
}
const dir = path.resolve(from);
const { connectionString, shown } = requireDatabaseUrl("db:import");
importFileStore(dir, { connectionString }).then(
  ({ imported, alreadyPresent, conflicting, photos }) => {
    console.log(
      `db:import: ${dir} → ${shown}: ${imported} pet(s) imported, ${alreadyPresent} already present, ${photos} photo(s) copied.`,
    );
    if (conflicting.length > 0) {
      console.error(
        `db:import: ${conflicting.length} id(s) hold a different pet in PostgreSQL and were left as they are: ` +
          conflicting.slice(0, 20).join(", ") +
          (conflicting.length > 20 ? ", …" : ""),
      );
      process.exit(1);
    }
  },
  (error: unknown) => {
    console.error(`db:import: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
