import { config } from "@/lib/config";
import { describeDatabase } from "@/lib/store/postgres/database-target";

/** PETSTORE_DATABASE_URL for the db:* scripts, or a clear exit when it is missing. */
export function requireDatabaseUrl(script: string): { connectionString: string; shown: string } {
  const connectionString = config.databaseUrl;
  if (!connectionString) {
    console.error(`${script}: set PETSTORE_DATABASE_URL=postgres://user:password@host:5432/database first.`);
    process.exit(2);
  }
  return { connectionString, shown: describeDatabase(connectionString) };
}

/** The value after `--name` on the command line, or undefined. */
export function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? process.argv[index + 1] : undefined;
}
