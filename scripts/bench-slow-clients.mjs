#!/usr/bin/env node
/**
 * Slow clients against /v1 (issue 20, finding 15). Starts the built server (`npm run build`
 * first; NEXT_DIST_DIR honoured) on a fresh file store, measures `GET /v1/pets?limit=20`
 * with autocannon, then opens N slow-drip connections and measures again while they drip.
 * Half of them send their request headers one byte at a time, the other half send whole
 * headers of a POST and then its body one byte at a time; a connection the server closes is
 * opened again one drip later, as a slow-loris tool does, so N stay in play throughout.
 *
 *   npm run bench:slow-clients
 *   options: --server front|next (front) --slow N (400) --duration S (10) --connections N (16)
 *            --drip-ms MS (1000, the pause between a slow client's bytes)
 *            --server-open-files N (the server's open-files limit, through prlimit; unset: as
 *            inherited): lets a flood reach the server's limit without reaching this process's
 *
 * Prints req/s and p99 without and with the slow clients, the requests that failed or timed
 * out, and how many slow connections the server closed meanwhile. The server is pinned to
 * core 1 and this process to core 0 when `taskset` exists.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";

const root = fileURLToPath(new URL("..", import.meta.url));
const PORT = Number(process.env.BENCH_PORT || 3103);
const DIST_DIR = process.env.NEXT_DIST_DIR || ".next";
const KEY = `bench-${randomBytes(12).toString("hex")}`;
const options = parseArgs(process.argv.slice(2));
const hasTaskset = spawnSync("sh", ["-c", "command -v taskset"], { stdio: "ignore" }).status === 0;
const pinned = hasTaskset && os.availableParallelism() >= 2;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-slow-"));
let server;
const slow = { open: new Set(), closedByServer: 0, opened: 0, stopped: false };
try {
  if (!fs.existsSync(path.join(root, DIST_DIR, "BUILD_ID")))
    throw new Error(`no build in ${DIST_DIR}: run npm run build`);
  server = await startServer();
  if (pinned) spawnSync("taskset", ["-a", "-pc", "0", String(process.pid)], { stdio: "ignore" });
  await seed(20);
  await load(2); // warm-up
  const before = await load(options.duration);
  log(`opening ${options.slow} slow-drip connections (${options.dripMs} ms between bytes)`);
  for (let i = 0; i < options.slow; i++) openSlow(i);
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  const closedBeforeLoad = slow.closedByServer;
  const during = await load(options.duration);
  const stillOpen = slow.open.size;
  slow.stopped = true;
  for (const socket of slow.open) socket.destroy();

  console.log(`\n## GET /v1/pets?limit=20, ${options.connections} connections, ${options.server} server\n`);
  console.log("| slow-drip connections | req/s | p99 ms | errors | timeouts | non-2xx |");
  console.log("| --------------------- | ----- | ------ | ------ | -------- | ------- |");
  console.log(row(0, before));
  console.log(row(options.slow, during));
  console.log(
    `\nSlow connections: ${slow.opened} opened, ${slow.closedByServer} closed by the server ` +
      `(${closedBeforeLoad} in the first 2 s), ${stillOpen} open when the measurement ended.`,
  );
} catch (error) {
  console.error(`bench-slow-clients: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  slow.stopped = true;
  for (const socket of slow.open) socket.destroy();
  await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
}

function row(count, result) {
  return `| ${count} | ${Math.round(result.requests.average)} | ${result.latency.p99} | ${result.errors} | ${result.timeouts} | ${result.non2xx} |`;
}

function load(duration) {
  return autocannon({
    url: `http://127.0.0.1:${PORT}/v1/pets?limit=20`,
    connections: options.connections,
    duration,
    timeout: 10,
    headers: { authorization: `Bearer ${KEY}` },
  });
}

/** One slow client; when the server closes it, another takes its place. */
function openSlow(index) {
  if (slow.stopped) return;
  const text =
    index % 2 === 0
      ? `GET /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\nX-Padding: ${"a".repeat(4000)}\r\n\r\n`
      : "";
  const head =
    index % 2 === 1
      ? `POST /v1/pets HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${KEY}\r\n` +
        `Content-Type: application/json\r\nContent-Length: 4000\r\n\r\n`
      : "";
  const drip = index % 2 === 0 ? text : `{"name":"${"a".repeat(3988)}"}`;
  const socket = net.connect(PORT, "127.0.0.1");
  slow.opened++;
  slow.open.add(socket);
  let at = 0;
  let timer;
  // The drip starts once connected, so no byte of the body can go out before the head.
  socket.on("connect", () => {
    if (head) socket.write(head);
    timer = setInterval(() => {
      if (at < drip.length && socket.writable) socket.write(drip[at++]);
    }, options.dripMs);
  });
  socket.on("data", () => {});
  socket.on("error", () => {});
  socket.on("close", () => {
    clearInterval(timer);
    slow.open.delete(socket);
    if (!slow.stopped) {
      slow.closedByServer++;
      setTimeout(() => openSlow(index), options.dripMs);
    }
  });
}

async function seed(count) {
  for (let i = 0; i < count; i++) {
    const response = await fetch(`http://127.0.0.1:${PORT}/v1/pets`, {
      method: "POST",
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify({ name: `Slow bench pet ${i}`, categoryId: 1 }),
    });
    await response.arrayBuffer();
    if (response.status !== 201) throw new Error(`seeding: POST /v1/pets answered ${response.status}`);
  }
}

async function startServer() {
  const listen = ["-p", String(PORT), "-H", "127.0.0.1"];
  const args =
    options.server === "next"
      ? [path.join(root, "node_modules/next/dist/bin/next"), "start", ...listen]
      : [path.join(root, "scripts/start-front-server.mjs"), ...listen];
  let [command, argv] = pinned ? ["taskset", ["-c", "1", process.execPath, ...args]] : [process.execPath, args];
  if (options.serverOpenFiles) {
    argv = [`--nofile=${options.serverOpenFiles}:${options.serverOpenFiles}`, command, ...argv];
    command = "prlimit";
  }
  const limit = options.serverOpenFiles ? `, ${options.serverOpenFiles} open files` : "";
  log(`starting ${options.server} server on port ${PORT}${pinned ? " pinned to core 1" : ""}${limit}`);
  const output = [];
  const child = spawn(command, argv, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      PETSTORE_DATA_DIR: dataDir,
      PETSTORE_DATABASE_URL: "",
      PETSTORE_API_KEYS: KEY,
      PETSTORE_RATE_LIMIT: "0",
      PETSTORE_AUTH_FAILURE_LIMIT: "0",
      PETSTORE_LOG_LEVEL: "warn",
    },
    // Its own process group, so stopping it stops anything it forks.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      const response = await fetch(`http://127.0.0.1:${PORT}/readyz`, { signal: AbortSignal.timeout(2000) });
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

async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
  }, 15_000);
  await exited;
  clearTimeout(timer);
}

function parseArgs(args) {
  const result = { server: "front", slow: 400, duration: 10, connections: 16, dripMs: 1000, serverOpenFiles: 0 };
  const names = {
    "--slow": "slow",
    "--duration": "duration",
    "--connections": "connections",
    "--drip-ms": "dripMs",
    "--server-open-files": "serverOpenFiles",
  };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--server") {
      result.server = args[++i];
      if (!["front", "next"].includes(result.server)) throw new Error("--server is front or next");
    } else if (arg in names) {
      const value = Number(args[++i]);
      if (!Number.isInteger(value) || value < 1) throw new Error(`${arg} needs a whole number above 0`);
      result[names[arg]] = value;
    } else throw new Error(`unknown argument ${arg}`);
  }
  return result;
}

function log(message) {
  console.error(`[bench-slow-clients] ${message}`);
}
