/**
 * Adds, lists, invites and deactivates staff accounts: npm run users -- --help
 * Works on whichever store the configuration selects (lib/people/accounts.ts).
 */
import { config } from "@/lib/config";
import { publicOriginFrom } from "@/lib/origin/public-origin";
import { getAccountStore } from "@/lib/people/accounts";
import { runUserCommand } from "@/lib/people/user-command";

async function main(): Promise<number> {
  // As the server works it out (docs/decisions/201), without its -H, which this process cannot know.
  const { origin } = publicOriginFrom({ publicUrl: config.publicUrl, port: config.port });
  const result = await runUserCommand(process.argv.slice(2), async () => getAccountStore(), origin);
  for (const line of result.out) console.log(line);
  for (const line of result.err) console.error(line);
  return result.exitCode;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(`users: failed: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
