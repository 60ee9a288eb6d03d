import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { TestProject } from "vitest/node";
import { TEST_PASSWORD_COST } from "@/tests/support/test-password-cost";

/**
 * Starts one production server for the whole api suite, on a fresh data directory, with
 * two known API keys: `next start` for the `api` project, the front server (`npm start`,
 * server.ts) for `api-front`, so the same assertions hold for both. Everything the server prints goes to a log file
 * that tests (and the teardown below) search for leaked keys.
 */

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    apiKeys: string[];
    dataDir: string;
    serverLogFile: string;
    /** The database the server stores in, or "" on the file store (tests issue keys there). */
    databaseUrl: string;
    /** Which server answers: the front server (`npm start`) or plain `next start`. */
    server: "front" | "next";
  }
}

const API_KEYS = ["test-key-1-4f9a2c81d7e6", "test-key-2-7b3e5d06a1c9"];
const READY_TIMEOUT_MS = 60_000;

export default async function setup(project: TestProject) {
  const root = fileURLToPath(new URL("../..", import.meta.url));
  const distDir = process.env.NEXT_DIST_DIR || ".next";
  if (!fs.existsSync(path.join(root, distDir, "BUILD_ID"))) {
    throw new Error(
      `No production build in ${path.join(root, distDir)} (BUILD_ID missing): run \`npm run build\` first` +
        (distDir === ".next" ? "" : ` with NEXT_DIST_DIR=${distDir}`),
    );
  }
  // `api` serves through plain `next start`; the others through `npm start`, as users run it.
  const front = project.name !== "api";
  const frontBundle = path.join(root, distDir, "front/server.mjs");
  if (front && !fs.existsSync(frontBundle)) {
    throw new Error(`No front server bundle at ${frontBundle}: run \`npm run build\` first`);
  }
  const port = Number(process.env.API_TEST_PORT || 3101);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-api-test-"));
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-api-log-"));
  const serverLogFile = path.join(logDir, "server.log");
  const log = fs.openSync(serverLogFile, "a");

  const command = front
    ? [path.join(root, "scripts/start-front-server.mjs")]
    : [path.join(root, "node_modules/next/dist/bin/next"), "start"];
  const child: ChildProcess = spawn(process.execPath, [...command, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env: {
      ...process.env,
      NEXT_DIST_DIR: distDir,
      PETSTORE_DATA_DIR: dataDir,
      PETSTORE_API_KEYS: API_KEYS.join(","),
      // The suite sends thousands of requests, many with wrong keys, from one address:
      // limits high enough never to trip, so the headers show; tests/multi-instance
      // proves the 429s with low ones.
      PETSTORE_RATE_LIMIT: "1000000",
      PETSTORE_AUTH_FAILURE_LIMIT: "1000000",
      // Every application comes from 127.0.0.1; tests/api/applications-mail.test.ts proves the limit.
      PETSTORE_APPLICATIONS_PER_ADDRESS: "0",
      // tests/api/webhooks.test.ts receives deliveries on 127.0.0.1 and waits out retries.
      PETSTORE_WEBHOOK_ALLOW_PRIVATE: "127.0.0.0/8",
      PETSTORE_WEBHOOK_RETRY_SCHEDULE: "200ms,200ms,200ms",
      // The public statistics are off by default; tests/api/public-stats.test.ts needs them
      // (off is proved by lib/stats/public-stats-gate.test.ts, without a server of its own).
      PETSTORE_PUBLIC_STATS: "on",
      // Cheap password hashes: the suite signs people in often (docs/decisions/236).
      ...TEST_PASSWORD_COST,
      NEXT_TELEMETRY_DISABLED: "1",
      NODE_ENV: "production",
    },
    stdio: ["ignore", log, log],
  });
  let exited: string | undefined;
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  child.on("exit", (code, signal) => {
    exited = `server exited early (code ${code}, signal ${signal})`;
  });

  const baseUrl = `http://127.0.0.1:${port}`;
  /** Asks the server to stop as an operator would (SIGTERM); says how it exited. */
  const stopServer = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid) {
      process.kill(child.pid, "SIGTERM");
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null && child.pid) process.kill(child.pid, "SIGKILL");
      }, 15_000);
      await exit;
      clearTimeout(timer);
    }
    fs.closeSync(log);
    return exit;
  };

  try {
    await waitForHealthy(baseUrl, () => exited);
  } catch (error) {
    await stopServer();
    const output = fs.readFileSync(serverLogFile, "utf8");
    throw new Error(`${(error as Error).message}\n--- server output ---\n${output.slice(-4000)}`);
  }

  project.provide("baseUrl", baseUrl);
  project.provide("apiKeys", API_KEYS);
  project.provide("dataDir", dataDir);
  project.provide("serverLogFile", serverLogFile);
  project.provide("databaseUrl", process.env.PETSTORE_DATABASE_URL ?? "");
  project.provide("server", front ? "front" : "next");

  // The database's password (api-postgres), when it has one, must never be logged either.
  const databasePassword = passwordOf(process.env.PETSTORE_DATABASE_URL);

  return async () => {
    const names = await petNames(baseUrl).catch(() => [] as string[]);
    const { code, signal } = await stopServer();
    // Last line of defence: keys and pet names must never reach the log, whatever a test did.
    const output = fs.readFileSync(serverLogFile, "utf8");
    const secrets = [...API_KEYS, ...names, ...(databasePassword ? [databasePassword] : [])];
    const leaked = secrets.filter((secret) => output.includes(secret));
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (leaked.length > 0) {
      process.exitCode = 1;
      throw new Error(
        `API key(s), pet name(s) or the database password appeared in the server log (kept at ${serverLogFile}): ${leaked.length}`,
      );
    }
    // The front server's graceful stop (finish in-flight requests, close the store) ends
    // with exit code 0; `next start` exits 143 on SIGTERM by its own handler.
    if (front && code !== 0) {
      process.exitCode = 1;
      throw new Error(
        `the server did not stop cleanly on SIGTERM (code ${code}, signal ${signal}); log kept at ${serverLogFile}`,
      );
    }
    fs.rmSync(logDir, { recursive: true, force: true });
  };
}

function passwordOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return decodeURIComponent(new URL(url).password) || undefined;
  } catch {
    return undefined;
  }
}

/**
 * Every pet name the run created that is long enough not to occur in log text by chance
 * (8+ characters: the suite's names carry a unique suffix), read before the server stops.
 */
async function petNames(baseUrl: string): Promise<string[]> {
  const names: string[] = [];
  let next: string | undefined = "/v1/pets?limit=100";
  while (next) {
    const response: Response = await fetch(`${baseUrl}${next}`, {
      headers: { authorization: `Bearer ${API_KEYS[0]}` },
    });
    if (response.status !== 200) break;
    for (const pet of (await response.json()) as { name: string }[]) if (pet.name.length >= 8) names.push(pet.name);
    next = /^<([^>]+)>; rel="next"$/.exec(response.headers.get("link") ?? "")?.[1];
  }
  return names;
}

async function waitForHealthy(baseUrl: string, exited: () => string | undefined): Promise<void> {
  const deadline = Date.now() + READY_TIMEOUT_MS;
  let last = "no answer yet";
  while (Date.now() < deadline) {
    const early = exited();
    if (early) throw new Error(early);
    try {
      const response = await fetch(`${baseUrl}/healthz`, { signal: AbortSignal.timeout(2_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
      last = `GET /healthz answered ${response.status}`;
    } catch (error) {
      last = (error as Error).message;
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server at ${baseUrl} not healthy within ${READY_TIMEOUT_MS / 1000} s (${last})`);
}
