/**
 * Writes every pet in PETSTORE_DATABASE_URL, with its photos, into a new file-store data
 * directory, ids kept, that `npm start` without PETSTORE_DATABASE_URL then serves.
 * Run: npm run db:export -- --to ./data-exported
 */
import path from "node:path";
import { exportToFileStore } from "@/lib/composition/move-data";
import { argument, requireDatabaseUrl } from "./database-url";

const to = argument("to");
if (!to) {
  console.error("db:export: name a new, empty directory: npm run db:export -- --to ./data-exported");
  process.exit(2);
}
const dir = path.resolve(to);
const { connectionString, shown } = requireDatabaseUrl("db:export");
exportToFileStore(dir, { connectionString }).then(
  ({ pets, photos }) => console.log(`db:export: ${shown} → ${dir}: ${pets} pet(s) and ${photos} photo(s) written.`),
  (error: unknown) => {
    console.error(`db:export: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
