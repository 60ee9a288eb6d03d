// `npm test` runs this first: it fails when an `npm install` on one platform has dropped other
// platforms' native packages from package-lock.json (docs/decisions/120).
import { readFileSync } from "node:fs";
import { type LockFile, missingPlatformBuilds, unlockedOptionalDependencies } from "./lock-file/lock-file-gaps";

const lock = JSON.parse(readFileSync("package-lock.json", "utf8")) as LockFile;
const gaps = [...unlockedOptionalDependencies(lock), ...missingPlatformBuilds(lock)];
if (gaps.length > 0) {
  console.error(
    `package-lock.json lacks ${gaps.length} package(s) other platforms need, so \`npm ci\` would refuse it:\n` +
      gaps.map((gap) => `  ${gap}`).join("\n") +
      "\nRun `npm install --package-lock-only` and commit package-lock.json.",
  );
  process.exit(1);
}
console.log("package-lock.json: every optional dependency and every supported platform's native build is locked.");
