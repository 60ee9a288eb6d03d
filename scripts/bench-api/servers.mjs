/** Starting and stopping the servers under load, each pinned to core 1 when it can be. */
import { spawn, spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { CEILING_PORT, DIST_DIR, KEY, PORT, log, root } from "./options.mjs";

const hasTaskset = spawnSync("sh", ["-c", "command -v taskset"], { stdio: "ignore" }).status === 0;
/** Servers on core 1, autocannon on core 0, so the load generator does not steal the server's CPU. */
export const pinned = hasTaskset && os.availableParallelism() >= 2;

export function pinThisProcess() {
  if (pinned) spawnSync("taskset", ["-a", "-pc", "0", String(process.pid)], { stdio: "ignore" });
}

/** The server under test: `npm start` (the front server) or `next start`, on the file store or PostgreSQL. */
export function startApp(options, dataDir, databaseUrl, env = {}, port = PORT, nodeFlags = []) {
  const listen = ["-p", String(port), "-H", "127.0.0.1"];
  const args =
    options.server === "next"
      ? [path.join(root, "node_modules/next/dist/bin/next"), "start", ...listen]
      : [path.join(root, "scripts/start-front-server.mjs"), ...listen];
  // Always set, so a PETSTORE_DATABASE_URL in the caller's shell cannot turn a file run into a PostgreSQL one.
  return startServer([...nodeFlags, ...args], port, "/healthz", {
    PETSTORE_DATA_DIR: dataDir,
    PETSTORE_DATABASE_URL: databaseUrl ?? "",
    ...env,
  });
}

export function startCeiling() {
  return startServer([path.join(root, "scripts/bench-ceiling-server.mjs"), String(CEILING_PORT)], CEILING_PORT, "/");
}

/** Issue 39's ceiling: a bare node:http server holding pets in memory, listing and creating them. */
export function startStoreCeiling() {
  return startServer(
    [path.join(root, "scripts/bench-api/ceiling-store-server.mjs"), String(CEILING_PORT)],
    CEILING_PORT,
    "/v1/pets?limit=1",
  );
}

async function startServer(args, port, readyPath, env = {}) {
  const [command, argv] = pinned ? ["taskset", ["-c", "1", process.execPath, ...args]] : [process.execPath, args];
  const script = args.findIndex((arg) => !arg.startsWith("--"));
  log(
    `starting ${path.basename(args[script])} ${args.slice(script + 1).join(" ")}${pinned ? " pinned to core 1" : " (not pinned)"}`,
  );
  const output = [];
  const child = spawn(command, argv, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      PETSTORE_API_KEYS: KEY,
      ...env,
    },
    // Own process group, so stopping it also stops anything it forks, and its CPU time is
    // the group's.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`http://127.0.0.1:${port}${readyPath}`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer(child);
  throw new Error(`server did not become ready:\n${Buffer.concat(output).toString().slice(-3000)}`);
}

export async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
  }, 15000);
  await exited;
  clearTimeout(timer);
}
