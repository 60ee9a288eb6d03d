#!/usr/bin/env node
/**
 * Webhook delivery throughput (issue 23): at least 500 events/s delivered to a local receiver,
 * on the file store and on PostgreSQL, with GET /v1/pets's p99 within 20 % of its value
 * without deliveries.
 *
 *   npm run build && npm run bench:webhooks          # uses the worktree's .next build
 *   options: --adapter file|postgres|both (both) --events N (10000) --duration S (5) --server front|next (front)
 *
 * For each adapter: the server starts with delivery off and an endpoint is registered
 * (every event type); N pets are created, so the log holds N pet.created events. The server
 * restarts with delivery on: the dispatcher fans out the backlog and sends it. The receiver
 * (127.0.0.1, allowed by PETSTORE_WEBHOOK_ALLOW_PRIVATE) verifies every delivery with the
 * standardwebhooks package and counts; events/s is N over the time from ready to the last.
 * While the backlog drains, autocannon loads GET /v1/pets for S seconds; once it is drained,
 * again for S seconds: the p99 ratio is "during ÷ idle", within one run on one server.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { Webhook } from "standardwebhooks";
import { createBenchDatabase } from "./bench-api/database.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));
const PORT = Number(process.env.BENCH_PORT || 3103);
const KEY = `bench-${Math.random().toString(16).slice(2)}${Math.random().toString(16).slice(2)}`;
const TARGET_EVENTS_PER_SECOND = 500;
const TARGET_P99_RATIO = 1.2;

const options = { adapter: "both", events: 10_000, duration: 5, server: "front" };
for (let index = 2; index < process.argv.length; index += 2) {
  const [name, value] = [process.argv[index], process.argv[index + 1]];
  if (name === "--adapter") options.adapter = value;
  else if (name === "--events") options.events = Number(value);
  else if (name === "--duration") options.duration = Number(value);
  else if (name === "--server") options.server = value;
  else throw new Error(`unknown option ${name}`);
}

const log = (message) => console.error(`bench-webhooks: ${message}`);
const rows = [];
let failed = false;
try {
  for (const adapter of options.adapter === "both" ? ["file", "postgres"] : [options.adapter]) {
    rows.push(await benchAdapter(adapter));
  }
  console.log("\nadapter   | events | events/s | GET /v1/pets p99 idle | during deliveries | ratio");
  for (const row of rows) {
    const ok = row.perSecond >= TARGET_EVENTS_PER_SECOND && row.ratio <= TARGET_P99_RATIO;
    failed ||= !ok;
    console.log(
      `${row.adapter.padEnd(9)} | ${String(row.events).padStart(6)} | ${row.perSecond.toFixed(0).padStart(8)} | ${`${row.idleP99} ms`.padStart(21)} | ${`${row.busyP99} ms`.padStart(17)} | ${row.ratio.toFixed(2)} ${ok ? "ok" : "MISSED"}`,
    );
  }
  console.log(`targets: ≥ ${TARGET_EVENTS_PER_SECOND} events/s, p99 during ÷ idle ≤ ${TARGET_P99_RATIO}`);
} catch (error) {
  console.error(`bench-webhooks: ${error instanceof Error ? error.stack : error}`);
  failed = true;
}
process.exitCode = failed ? 1 : 0;

async function benchAdapter(adapter) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-webhooks-"));
  const database = adapter === "postgres" ? await createBenchDatabase() : undefined;
  const receiver = await startReceiver();
  let server;
  try {
    const env = { PETSTORE_DATA_DIR: dataDir, PETSTORE_DATABASE_URL: database?.url ?? "" };
    server = await startServer({ ...env, PETSTORE_WEBHOOK_DELIVERY: "off" });
    const endpoint = await call("POST", "/v1/webhooks", { url: receiver.url, description: "bench" });
    receiver.verifier = new Webhook(endpoint.secret);
    log(`${adapter}: creating ${options.events} pets (delivery off)`);
    await createPets(options.events);
    await stopServer(server);

    receiver.count = 0;
    server = await startServer(env);
    const ready = performance.now();
    log(`${adapter}: delivering the backlog while loading GET /v1/pets`);
    const busy = await loadPets();
    const drained = await receiver.waitFor(options.events, 120_000);
    const perSecond = options.events / ((drained - ready) / 1000);
    const idle = await loadPets();
    if (receiver.bad > 0) throw new Error(`${receiver.bad} deliveries failed standardwebhooks verification`);
    return {
      adapter,
      events: options.events,
      perSecond,
      idleP99: idle.latency.p99,
      busyP99: busy.latency.p99,
      ratio: busy.latency.p99 / idle.latency.p99,
    };
  } finally {
    await stopServer(server);
    await receiver.close();
    await database?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function startReceiver() {
  const receiver = { count: 0, bad: 0, verifier: undefined, waiters: [] };
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", () => {
      try {
        receiver.verifier.verify(Buffer.concat(chunks).toString("utf8"), request.headers);
      } catch {
        receiver.bad += 1;
      }
      receiver.count += 1;
      response.writeHead(204).end();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${server.address().port}/hook`;
  receiver.waitFor = async (count, ms) => {
    const deadline = Date.now() + ms;
    while (receiver.count < count) {
      if (Date.now() > deadline) throw new Error(`only ${receiver.count} of ${count} deliveries arrived`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    return performance.now();
  };
  receiver.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(resolve);
    });
  return receiver;
}

async function call(method, pathname, body) {
  const response = await fetch(`http://127.0.0.1:${PORT}${pathname}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: body && JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`${method} ${pathname}: ${response.status} ${JSON.stringify(json)}`);
  return json;
}

async function createPets(count) {
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next += 1;
      await call("POST", "/v1/pets", { name: `Bench ${next}`, categoryId: 1 });
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

function loadPets() {
  return autocannon({
    url: `http://127.0.0.1:${PORT}/v1/pets?limit=20`,
    headers: { authorization: `Bearer ${KEY}` },
    connections: 16,
    duration: options.duration,
  });
}

async function startServer(env) {
  const listen = ["-p", String(PORT), "-H", "127.0.0.1"];
  const args =
    options.server === "next"
      ? [path.join(root, "node_modules/next/dist/bin/next"), "start", ...listen]
      : [path.join(root, "scripts/start-front-server.mjs"), ...listen];
  const output = [];
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PETSTORE_API_KEYS: KEY,
      PETSTORE_RATE_LIMIT: "0",
      PETSTORE_LOG_LEVEL: "warn",
      PETSTORE_WEBHOOK_ALLOW_PRIVATE: "127.0.0.0/8",
      ...env,
    },
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
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await stopServer(child);
  throw new Error(`server did not become ready:\n${Buffer.concat(output).toString().slice(-3000)}`);
}

async function stopServer(child) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => process.kill(-child.pid, "SIGKILL"), 15_000);
  await exited;
  clearTimeout(timer);
}
