import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "@/tests/support/test-postgres";

/**
 * Issue 7: with an empty `api-key` file, `next start` logged "Failed to prepare server"
 * and stayed up holding LOCK, answering a plain-text 500 on every route. Any failed start
 * must exit non-zero with one clear line and leave no LOCK behind.
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const EXIT_TIMEOUT_MS = 20_000;
let dataDir: string;

afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface Outcome {
  code: number | null;
  output: string;
  /** Did /healthz answer while the process ran? A failed start must never serve. */
  served: boolean;
}

async function startServer(env: Record<string, string | undefined>): Promise<Outcome> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "127.0.0.1"],
    {
      cwd: root,
      env: {
        ...process.env,
        NEXT_DIST_DIR: process.env.NEXT_DIST_DIR || ".next",
        NEXT_TELEMETRY_DISABLED: "1",
        NODE_ENV: "production",
        ...env,
      },
      stdio: ["ignore", "pipe", "pipe"],
    },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  // Any answer at all means a failed start kept serving (it used to: a plain-text 500).
  let served = false;
  const probe = setInterval(() => {
    fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(1_000) })
      .then(() => {
        served = true;
        child.kill("SIGKILL");
      })
      .catch(() => undefined);
  }, 100);
  const timer = setTimeout(() => child.kill("SIGKILL"), EXIT_TIMEOUT_MS);
  const code = await exited;
  clearTimeout(timer);
  clearInterval(probe);
  return { code, output, served };
}

function expectOneLineFailure(outcome: Outcome, ...mentions: string[]): string {
  expect(outcome.served, `a failed start kept serving: ${outcome.output}`).toBe(false);
  expect(outcome.code, outcome.output).toBe(1);
  const lines = outcome.output.split("\n").filter((line) => line.includes("cannot start"));
  expect(lines, outcome.output).toHaveLength(1);
  for (const mention of mentions) expect(lines[0]).toContain(mention);
  expect(outcome.output).not.toMatch(/Failed to prepare server|\n\s+at /);
  return lines[0]!;
}

describe("a start that cannot succeed exits non-zero with one line and releases the lock", () => {
  it("an empty api-key file and no PETSTORE_API_KEYS", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-start-"));
    fs.writeFileSync(path.join(dataDir, "api-key"), "", { mode: 0o600 });
    const outcome = await startServer({ PETSTORE_DATA_DIR: dataDir, PETSTORE_API_KEYS: undefined });
    expectOneLineFailure(outcome, "api-key", "is empty");
    expect(fs.readdirSync(dataDir)).not.toContain("LOCK");
    // The store did open (and so took LOCK) before the key failed.
    expect(fs.readdirSync(dataDir).length).toBeGreaterThan(1);
  });

  it.each([
    ["a key shorter than 16 characters", "short-key-9"],
    ["a key outside the b64token alphabet", "p@ss!-long-enough-0123"],
    ["one bad key among good ones", "good-key-0123456789abcdef,bad key with spaces 01"],
  ])("PETSTORE_API_KEYS with %s", async (_label, keys) => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-start-"));
    const outcome = await startServer({ PETSTORE_DATA_DIR: dataDir, PETSTORE_API_KEYS: keys });
    expectOneLineFailure(outcome, "Invalid configuration", "PETSTORE_API_KEYS");
    for (const key of keys.split(",")) expect(outcome.output).not.toContain(key);
    expect(fs.readdirSync(dataDir)).not.toContain("LOCK");
  });

  it("mail configured without PETSTORE_PUBLIC_URL: the links in its e-mails would have no origin to name", async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-start-"));
    const smtpPassword = "smtp-secret-4e8b1c";
    const outcome = await startServer({
      PETSTORE_DATA_DIR: dataDir,
      PETSTORE_SMTP_URL: `smtp://mailer:${smtpPassword}@127.0.0.1:2525`,
      PETSTORE_PUBLIC_URL: undefined,
    });
    expectOneLineFailure(outcome, "Invalid configuration", "PETSTORE_PUBLIC_URL", "PETSTORE_SMTP_URL");
    expect(outcome.output).not.toContain(smtpPassword);
    expect(fs.readdirSync(dataDir)).not.toContain("LOCK");
  });
});
