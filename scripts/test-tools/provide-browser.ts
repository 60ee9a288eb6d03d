import { spawnSync } from "node:child_process";
import { findBrowser } from "@/e2e/support/browser";

/**
 * Makes sure the browser tests have a Chromium before any test runs: one already installed,
 * else Playwright's own download (where the network allows it), else Debian's package (as
 * root with apt-get). Otherwise stops with one line saying what to run.
 */
export function provideBrowser(): void {
  const found = findBrowser() ?? install();
  if (!found) {
    if (process.env.CHROME_PATH) fail(`CHROME_PATH=${process.env.CHROME_PATH} is not an executable file.`);
    fail(
      "no Chromium for the browser tests: run `npx playwright install chromium` or `sudo apt-get install chromium`, or set CHROME_PATH.",
    );
  }
  console.log(`test tools: Chromium from ${found.source}${found.executablePath ? ` (${found.executablePath})` : ""}`);
}

function install() {
  if (process.env.CHROME_PATH) return undefined; // a browser was named: never install another behind its back
  console.log("test tools: no Chromium found; trying Playwright's download");
  if (run("npx", ["playwright", "install", "chromium"])) return findBrowser();
  if (process.getuid?.() === 0 && spawnSync("apt-get", ["--version"], { stdio: "ignore" }).status === 0) {
    console.log("test tools: trying Debian's chromium package");
    const apt = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
    if (
      run("apt-get", ["update"], apt) &&
      run("apt-get", ["install", "-y", "--no-install-recommends", "chromium", "fonts-dejavu-core"], apt)
    ) {
      return findBrowser();
    }
  }
  return undefined;
}

function run(command: string, args: string[], env = process.env): boolean {
  return spawnSync(command, args, { stdio: ["ignore", "inherit", "inherit"], env }).status === 0;
}

function fail(message: string): never {
  console.error(`test tools: ${message}`);
  process.exit(1);
}
