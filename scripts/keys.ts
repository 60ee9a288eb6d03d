/**
 * Issues, lists, revokes and rotates API keys: npm run keys -- --help
 * Works on whichever store the configuration selects (lib/keys/open-key-store.ts).
 */
import { config } from "@/lib/config";
import { runKeyCommand } from "@/lib/keys/key-command";
import { openConfiguredKeyStore } from "@/lib/keys/open-key-store";
import { migrateDatabase } from "@/lib/store/postgres/migrate";

async function main(): Promise<number> {
  const argv = process.argv.slice(2);
  const wantsStore = !argv.includes("--help") && !argv.includes("-h") && argv.length > 0;
  if (wantsStore && config.databaseUrl) {
    const quiet = { info: () => {}, warn: (line: string) => console.warn(line) };
    await migrateDatabase({ connectionString: config.databaseUrl, logger: quiet });
  }
  const result = await runKeyCommand(argv, openConfiguredKeyStore);
  for (const line of result.out) console.log(line);
  for (const line of result.err) console.error(line);
  return result.exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`keys: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
