import { execFileSync } from "node:child_process";
import path from "node:path";
import { test } from "@playwright/test";

/**
 * Issues a key with `npm run keys`, as an operator would, into the data directory of the
 * server the running story talks to (its project's `metadata.dataDir`, playwright.config.ts).
 */
export function issueKey(name: string, scopes: string): string {
  const dataDir = (test.info().project.metadata as { dataDir?: string }).dataDir;
  if (!dataDir) throw new Error("the story's project names no data directory");
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
    { encoding: "utf8", env: { ...process.env, PETSTORE_DATA_DIR: dataDir } },
  );
  return output.trim().split("\n").at(-1) as string;
}
