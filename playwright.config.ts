import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { findBrowser } from "./e2e/support/browser";
import { STAFF_KEY } from "./e2e/support/pets";

// E2E_PORT lets two checkouts run their browser suites side by side; the adoption stories'
// server listens on the next port.
const PORT = Number(process.env.E2E_PORT || 3102);
const ADOPTIONS_PORT = PORT + 1;

// Workers load this file too; they inherit the main process's environment, so the
// data directories are made once per run and the servers start on empty stores.
process.env.PETSTORE_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "petstore-e2e-"));
process.env.PETSTORE_E2E_ADOPTIONS_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "petstore-e2e-adoptions-"));

// `npm test` provides a browser first (scripts/test-tools/provide-browser.ts).
const launchOptions = {
  executablePath: findBrowser()?.executablePath,
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
  ],
};

/**
 * Stories that add animals adopters see or change their status (named *adoption.spec.ts) run
 * against a server and store of their own, so the gallery stories count only what the seed
 * made, and both groups run side by side with no worker idle between them (decision 293).
 */
const ADOPTION_STORIES = /adoption\.spec\.ts/;
const SEED = /.*\.setup\.ts/;
/** Stories marked PHONE_TOO (e2e/support/fixtures.ts); every story runs on the desktop. */
const PHONE_STORIES = /@phone/;
const ADOPTIONS_URL = `http://127.0.0.1:${ADOPTIONS_PORT}`;
/** Where e2e/support/issue-key.ts writes a story's key: its server's data directory. */
const storiesMetadata = { dataDir: process.env.PETSTORE_E2E_DATA_DIR };
const adoptionsMetadata = { dataDir: process.env.PETSTORE_E2E_ADOPTIONS_DATA_DIR };
const desktop = { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 }, launchOptions };
const phone = { ...devices["Pixel 5"], viewport: { width: 360, height: 740 }, launchOptions };

export default defineConfig({
  testDir: "e2e",
  globalTeardown: "./e2e/support/remove-data-dir.ts",
  outputDir: "test-results",
  fullyParallel: false,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  workers: 2,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"], ["html", { open: "never" }]] : "list",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // A trace records the page's frames and DOM at every step of every story, paid for by the
    // stories that pass too; CI retries a failure once, with its trace (decision 293).
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    launchOptions,
  },
  // The adoption projects first: their files are the longest (photos), and a run ends best on short ones.
  projects: [
    { name: "setup", testMatch: SEED, metadata: storiesMetadata },
    { name: "setup adoptions", testMatch: SEED, use: { baseURL: ADOPTIONS_URL }, metadata: adoptionsMetadata },
    {
      name: "adoptions desktop",
      dependencies: ["setup adoptions"],
      testMatch: ADOPTION_STORIES,
      use: { ...desktop, baseURL: ADOPTIONS_URL },
      metadata: adoptionsMetadata,
    },
    {
      name: "adoptions phone",
      dependencies: ["setup adoptions"],
      testMatch: ADOPTION_STORIES,
      grep: PHONE_STORIES,
      use: { ...phone, baseURL: ADOPTIONS_URL },
      metadata: adoptionsMetadata,
    },
    {
      name: "desktop",
      dependencies: ["setup"],
      testMatch: /.*\.spec\.ts/,
      testIgnore: ADOPTION_STORIES,
      use: desktop,
      metadata: storiesMetadata,
    },
    {
      name: "phone",
      dependencies: ["setup"],
      testMatch: /.*\.spec\.ts/,
      testIgnore: ADOPTION_STORIES,
      grep: PHONE_STORIES,
      use: phone,
      metadata: storiesMetadata,
    },
  ],
  // Runs `npm start` (the front server) against an existing production build (`npm run build`
  // first; NEXT_DIST_DIR is honoured): one for the adoption stories, one for the others.
  webServer: [
    server(PORT, process.env.PETSTORE_E2E_DATA_DIR!),
    server(ADOPTIONS_PORT, process.env.PETSTORE_E2E_ADOPTIONS_DATA_DIR!),
  ],
});

function server(port: number, dataDir: string) {
  return {
    command: `node scripts/start-front-server.mjs -p ${port} -H 127.0.0.1`,
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore" as const,
    stderr: "pipe" as const,
    env: {
      ...(process.env as Record<string, string>),
      PETSTORE_DATA_DIR: dataDir,
      PETSTORE_API_KEYS: STAFF_KEY,
      // The stories share one key and one address; a limit tripped by their pace would be
      // a flaky 429, not a finding (tests/multi-instance proves the limits).
      PETSTORE_RATE_LIMIT: "100000",
      PETSTORE_AUTH_FAILURE_LIMIT: "100000",
      // Every story's adopter applies from 127.0.0.1 (tests/api prove the limit).
      PETSTORE_APPLICATIONS_PER_ADDRESS: "0",
      // The webhooks story's receiver listens on 127.0.0.1 (docs/decisions/166).
      PETSTORE_WEBHOOK_ALLOW_PRIVATE: "127.0.0.0/8",
      // Playwright's request context reuses an idle connection; with the server's 5 s
      // keep-alive, a request sent just as the server closes it meets ECONNRESET (two stories
      // flaked so on 28 November). Idle connections outlive a story's pauses instead.
      PETSTORE_KEEPALIVE_TIMEOUT_SECONDS: "65",
      // e2e/public-stats.spec.ts reads /stats (off by default: lib/stats/public-stats-gate.test.ts).
      PETSTORE_PUBLIC_STATS: "on",
      NEXT_TELEMETRY_DISABLED: "1",
    },
  };
}
