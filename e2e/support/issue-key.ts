import { execFileSync } from "node:child_process";
import path from "node:path";

/** Issues a key with `npm run keys`, as an operator would, into the e2e server's data directory. */
export function issueKey(name: string, scopes: string): string {
  const output = execFileSync(
    process.execPath,
    [
      path.join("node_modules", "tsx", "dist", "cli.mjs"),
      "--conditions=react-server",
      "scripts/keys.ts",
      "create",
      "--name",
      name,
      "--scopes",
      scopes,
    ],
    { encoding: "utf8", env: { ...process.env, PETSTORE_DATA_DIR: process.env.PETSTORE_E2E_DATA_DIR } },
  );
  return output.trim().split("\n").at(-1) as string;
}
