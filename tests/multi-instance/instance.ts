import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { freePort } from "@/tests/support/test-postgres";
import { TEST_PASSWORD_COST } from "@/tests/support/test-password-cost";

/**
 * One `next start` (or front server) process of the production build, on the PostgreSQL store, as an
 * operator runs it: its own port and data directory, the shared database and API keys.
 */
export interface Instance {
  name: string;
  baseUrl: string;
  child: ChildProcess;
  exited: Promise<void>;
  /** Everything it printed so far (kept in memory once it has stopped). */
  log(): string;
  /** SIGTERM (or the given signal), then wait for the exit; removes its data directory. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const API_KEY = "multi-instance-key";

export interface InstanceOptions {
  /** Settings on top of the defaults (rate limits, say). */
  env?: Record<string, string>;
  /** A data directory that outlives the instance (a restart reopens it); otherwise a fresh one, removed at stop. */
  dataDir?: string;
  /** `next start` (the default) or the front server (`npm start`, scripts/start-front-server.mjs). */
  server?: "next" | "front";
}

/** Starts an instance on `databaseUrl`, or on the file store when it is undefined. */
export async function startInstance(
  name: string,
  databaseUrl: string | undefined,
  options: InstanceOptions = {},
): Promise<Instance> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `petstore-${name}-`));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PETSTORE_DATA_DIR: options.dataDir ?? path.join(dir, "data"),
    PETSTORE_API_KEYS: API_KEY,
    NEXT_TELEMETRY_DISABLED: "1",
    NODE_ENV: "production",
    // Cheap password hashes: the sign-in tests prove sharing, not scrypt (docs/decisions/236).
    ...TEST_PASSWORD_COST,
    ...options.env,
  };
  if (databaseUrl) env.PETSTORE_DATABASE_URL = databaseUrl;
  else delete env.PETSTORE_DATABASE_URL;
  const logFile = path.join(dir, "server.log");
  const log = fs.openSync(logFile, "a");
  const listen = ["-p", String(port), "-H", "127.0.0.1"];
  const child = spawn(
    process.execPath,
    options.server === "front"
      ? [path.join(ROOT, "scripts/start-front-server.mjs"), ...listen]
      : [path.join(ROOT, "node_modules/next/dist/bin/next"), "start", ...listen],
    {
      cwd: ROOT,
      env,
      stdio: ["ignore", log, log],
    },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const baseUrl = `http://127.0.0.1:${port}`;
  let finalLog: string | undefined;
  const instance: Instance = {
    name,
    baseUrl,
    child,
    exited,
    log: () => finalLog ?? fs.readFileSync(logFile, "utf8"),
    async stop(signal = "SIGTERM") {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
      await exited;
      clearTimeout(timer);
      // Once only: a second close would hit whatever descriptor reused the number (a socket).
      if (finalLog !== undefined) return;
      fs.closeSync(log);
      finalLog = fs.readFileSync(logFile, "utf8");
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
  try {
    await waitUntilReady(instance);
  } catch (error) {
    await instance.stop();
    throw error;
  }
  return instance;
}

async function waitUntilReady(instance: Instance): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (instance.child.exitCode !== null) {
      throw new Error(`${instance.name} exited early with code ${instance.child.exitCode}:\n${instance.log()}`);
    }
    try {
      // /readyz, not /healthz: ready means the store is open, migrated and answering. Not a
      // /v1 call either: on a slow machine its aborted tries spent a small quota's requests.
      const response = await fetch(`${instance.baseUrl}/readyz`, { signal: AbortSignal.timeout(5_000) });
      await response.arrayBuffer();
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${instance.name} not ready within 60 s:\n${instance.log()}`);
}

export interface Answer {
  status: number;
  headers: Headers;
  body: any;
  ms: number;
}

/** One call with a bound on the wait, so a hanging request fails the test instead of stalling it. */
export async function call(instance: Instance, pathAndQuery: string, body?: unknown): Promise<Answer> {
  const started = performance.now();
  const response = await fetch(instance.baseUrl + pathAndQuery, {
    method: body === undefined ? "GET" : "POST",
    headers: {
      Authorization: `Bearer ${API_KEY}`,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return {
    status: response.status,
    headers: response.headers,
    body: text ? JSON.parse(text) : undefined,
    ms: performance.now() - started,
  };
}

/** Every pet, following Link headers page by page. */
export async function walk(instance: Instance, limit: number): Promise<{ id: number; name: string }[]> {
  const pets: { id: number; name: string }[] = [];
  let next: string | undefined = `/v1/pets?limit=${limit}`;
  while (next) {
    const answer = await call(instance, next);
    if (answer.status !== 200) throw new Error(`walk: ${answer.status} ${JSON.stringify(answer.body)}`);
    pets.push(...answer.body);
    next = /^<([^>]+)>; rel="next"$/.exec(answer.headers.get("link") ?? "")?.[1];
  }
  return pets;
}
