#!/usr/bin/env node
/**
 * API throughput benchmark: how close do the /v1 routes come to the cheapest route the
 * same server has (`GET /healthz`, the floor)? Ratios to the floor, not absolute req/s,
 * are compared with targets, so the result means the same on a laptop and in CI.
 *
 *   npm run bench:api                  # build into .next-bench, then measure
 *   npm run bench:api -- --no-build    # reuse .next-bench when it exists
 *   options: --rounds N (3) --duration S (10) --warmup S (2, first round only) --connections N (32) --seed N (3000)
 *            --adapter file|postgres|both (file)
 *
 * `--adapter postgres` serves from PostgreSQL instead (a database of its own, created on
 * PETSTORE_BENCH_DATABASE_URL's server, default postgres://postgres@127.0.0.1:5432/postgres,
 * and dropped after), and reports the database backends' CPU per request beside the
 * server's. `--adapter both` measures the file store, then PostgreSQL, and compares the
 * application process's CPU per request: targets PostgreSQL ≤ 1.3× the file store for GET,
 * ≤ 1.5× for POST.
 *
 * The server is pinned to core 1 and this process (autocannon) to core 0 when `taskset`
 * exists, so the load generator does not steal the server's CPU. Runs alternate floor and
 * targets, and each round reverses the order, so drift (thermal, page cache, the store
 * growing with every POST) lands on both sides of a ratio. Reported numbers are medians.
 *
 * Besides req/s, it reads the server's own CPU time per request from /proc (Linux). With
 * the server saturating its core, req/s is 1 / (CPU time per request); CPU time does not
 * count moments when another process holds the server's core, so a busy neighbour skews
 * it less (on a quiet machine the two ratios agree). Pass/fail uses it where /proc exists.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import pg from "pg";

const root = fileURLToPath(new URL("..", import.meta.url));
const DIST_DIR = ".next-bench";
const PORT = Number(process.env.BENCH_API_PORT || 3103);
const BASE = `http://127.0.0.1:${PORT}`;
const KEY = `bench-${randomBytes(12).toString("hex")}`;
const TARGETS = { GET: 0.85, POST: 0.75 };
/** PostgreSQL's CPU per request over the file store's, application process only. */
const ADAPTER_TARGETS = { GET: 1.3, POST: 1.5 };
let petCounter = 0;

const options = parseArgs(process.argv.slice(2));
const CLOCK_TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;
const hasProc = fs.existsSync("/proc/self/stat");
const hasTaskset = spawnSync("sh", ["-c", "command -v taskset"], { stdio: "ignore" }).status === 0;
const twoCores = os.availableParallelism() >= 2;

const routes = [
  { name: "GET /healthz (floor)", method: "GET", path: "/healthz", floor: true },
  { name: "GET /v1/pets?limit=20", method: "GET", path: "/v1/pets?limit=20" },
  { name: "GET /v1/pets?status=sold&limit=20", method: "GET", path: "/v1/pets?status=sold&limit=20" },
  { name: "POST /v1/pets", method: "POST", path: "/v1/pets", expect: 201 },
  { name: "GET /v1/store/orders?limit=20", method: "GET", path: "/v1/store/orders?limit=20" },
  // Placing an order, then cancelling it (which makes the pet available for the next one):
  // each connection keeps one pet, so the run never runs out of available pets. Both
  // requests are durable writes of an order and its pet; the target is POST's.
  { name: "POST /v1/store/orders + PATCH cancel", method: "POST", path: "/v1/store/orders", order: true },
];
/** Available pets kept for the order route, one per connection. */
let orderPets = [];
const encodings = [
  { name: "identity", headers: {} },
  { name: "gzip", headers: { "accept-encoding": "gzip" } },
];

let server;
let dataDir;
/** For the PostgreSQL run: the bench's own database and a client that watches its backends. */
let database;
const started = Date.now();
try {
  await build();
  if (hasTaskset && twoCores) spawnSync("taskset", ["-a", "-pc", "0", String(process.pid)], { stdio: "ignore" });
  const results = new Map();
  for (const adapter of options.adapter === "both" ? ["file", "postgres"] : [options.adapter]) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-"));
    if (adapter === "postgres") database = await createBenchDatabase();
    server = await startServer(dataDir, database?.url);
    petCounter = 0;
    await seed(options.seed);
    await seedOrders();
    const loadBefore = os.loadavg()[0];
    const samples = await measure();
    const loadAfter = os.loadavg()[0];
    console.log(`\n## ${adapter === "postgres" ? "PostgreSQL store" : "file store"}\n`);
    printTable(samples);
    results.set(adapter, samples);
    // Two cores, both in use by the benchmark: anything else running skews the ratios.
    console.log(`\n1-minute load average: ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after measuring.`);
    if (Math.max(loadBefore, loadAfter) > os.availableParallelism() + 0.5) {
      console.log(
        "WARNING: other processes competed for the CPU; treat these numbers as noisy and rerun on a quiet machine.",
      );
    }
    await stopServer(server);
    server = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
    dataDir = undefined;
    if (database) await database.drop();
    database = undefined;
  }
  if (results.size === 2) printAdapterComparison(results.get("file"), results.get("postgres"));
  log(`total ${(Date.now() - started) / 1000} s`);
} catch (error) {
  console.error(`bench-api: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  if (server) await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  if (database) await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
}

/** petstore_bench_<random> on PETSTORE_BENCH_DATABASE_URL's server, with a watcher client. */
async function createBenchDatabase() {
  const adminUrl = process.env.PETSTORE_BENCH_DATABASE_URL || "postgres://postgres@127.0.0.1:5432/postgres";
  const name = `petstore_bench_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 5000 });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name} ENCODING 'UTF8' TEMPLATE template0`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  log(`PostgreSQL database ${url.host}/${name}`);
  return {
    url: url.toString(),
    name,
    admin,
    async drop() {
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

function parseArgs(args) {
  const result = { build: true, rounds: 3, duration: 10, warmup: 2, connections: 32, seed: 3000, adapter: "file" };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--no-build") result.build = false;
    else if (arg === "--adapter") {
      result.adapter = args[++i];
      if (!["file", "postgres", "both"].includes(result.adapter))
        throw new Error("--adapter is file, postgres or both");
    } else if (["--rounds", "--duration", "--warmup", "--connections", "--seed"].includes(arg)) {
      const value = Number(args[++i]);
      if (!Number.isFinite(value) || value < 0) throw new Error(`${arg} needs a number`);
      result[arg.slice(2)] = value;
    } else throw new Error(`unknown argument ${arg}`);
  }
  return result;
}

function log(message) {
  console.error(`[bench-api] ${message}`);
}

async function build() {
  const buildId = path.join(root, DIST_DIR, "BUILD_ID");
  if (!options.build) {
    if (!fs.existsSync(buildId))
      throw new Error(`--no-build given but ${DIST_DIR} has no BUILD_ID; run without --no-build`);
    log(`reusing ${DIST_DIR}`);
    return;
  }
  log(`building into ${DIST_DIR}`);
  const child = spawn(process.execPath, [path.join(root, "node_modules/next/dist/bin/next"), "build"], {
    cwd: root,
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
    // Build chatter goes to stderr so stdout carries only the result table.
    stdio: ["ignore", process.stderr, process.stderr],
  });
  const code = await new Promise((resolve) => child.on("exit", resolve));
  undoTsconfigInclude();
  if (code !== 0) throw new Error(`next build exited with ${code}`);
}

/**
 * `next build` adds `<distDir>/types/**` entries to tsconfig.json's include for a custom
 * distDir. This throwaway build should leave no trace in a file the team edits, so the
 * entries for DIST_DIR (and only those) are taken out again.
 */
function undoTsconfigInclude() {
  const file = path.join(root, "tsconfig.json");
  try {
    const config = JSON.parse(fs.readFileSync(file, "utf8"));
    if (!Array.isArray(config.include)) return;
    const kept = config.include.filter((entry) => !String(entry).startsWith(`${DIST_DIR}/`));
    if (kept.length === config.include.length) return;
    config.include = kept;
    fs.writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`);
  } catch (error) {
    log(`could not tidy tsconfig.json: ${error.message}`);
  }
}

async function startServer(dir, databaseUrl) {
  const next = [path.join(root, "node_modules/next/dist/bin/next"), "start", "-p", String(PORT), "-H", "127.0.0.1"];
  const [command, args] =
    hasTaskset && twoCores ? ["taskset", ["-c", "1", process.execPath, ...next]] : [process.execPath, next];
  log(`starting ${hasTaskset && twoCores ? "next start pinned to core 1" : "next start (not pinned)"} on port ${PORT}`);
  const output = [];
  const child = spawn(command, args, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      PETSTORE_DATA_DIR: dir,
      PETSTORE_API_KEYS: KEY,
      PETSTORE_DATABASE_URL: databaseUrl ?? "",
    },
    // Own process group, so stopping it also stops anything `next start` forks.
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", (chunk) => output.push(chunk));
  child.stderr.on("data", (chunk) => output.push(chunk));
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      const response = await fetch(`${BASE}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) return child;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stopServer(child);
  throw new Error(`server did not become healthy:\n${Buffer.concat(output).toString().slice(-3000)}`);
}

async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
  }, 5000);
  await exited;
  clearTimeout(timer);
}

function newPetBody() {
  const statuses = ["available", "pending", "sold"];
  const n = petCounter++;
  return JSON.stringify({ name: `Bench pet ${n}`, categoryId: (n % 50) + 1, status: statuses[n % 3] });
}

async function seed(count) {
  log(`seeding ${count} pets`);
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const response = await fetch(`${BASE}/v1/pets`, {
        method: "POST",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: newPetBody(),
      });
      const text = await response.text();
      if (response.status !== 201)
        throw new Error(`seeding: POST /v1/pets answered ${response.status}: ${text.slice(0, 300)}`);
    }
  };
  await Promise.all(Array.from({ length: 32 }, worker));
}

/** Pets for the order route, and some orders for the orders listing to page through. */
async function seedOrders() {
  const call = async (method, url, body) => {
    const response = await fetch(`${BASE}${url}`, {
      method,
      headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    const json = await response.json();
    if (!response.ok) throw new Error(`seeding orders: ${method} ${url} answered ${response.status}`);
    return json;
  };
  orderPets = [];
  for (let i = 0; i < options.connections; i++) {
    orderPets.push((await call("POST", "/v1/pets", { name: `Bench adoptee ${i}`, categoryId: 1 })).id);
  }
  for (let i = 0; i < 200; i++) {
    const order = await call("POST", "/v1/store/orders", { petId: orderPets[i % orderPets.length], adopter: "Bench" });
    await call("PATCH", `/v1/store/orders/${order.id}`, { status: "cancelled" });
  }
}

/** User + system CPU clock ticks of every process in the server's process group. */
function serverCpuTicks() {
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // the process ended meanwhile
    }
    // Fields after the parenthesised command: state is field 3, pgrp 5, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    if (Number(fields[2]) === server.pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

/** Clock ticks used so far by each PostgreSQL backend serving the server's pool (same machine only). */
async function databaseCpuTicks() {
  if (!database || !hasProc) return undefined;
  const { rows } = await database.admin.query(
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name = 'pet-store'",
    [database.name],
  );
  const ticks = new Map();
  for (const { pid } of rows) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      return undefined; // the database runs elsewhere, or as a user whose processes we cannot read
    }
  }
  return ticks;
}

async function runMeasured(route, encoding, duration) {
  const before = hasProc ? serverCpuTicks() : 0;
  const dbBefore = await databaseCpuTicks();
  const result = await run(route, encoding, duration);
  const ticks = hasProc ? serverCpuTicks() - before : NaN;
  const dbAfter = await databaseCpuTicks();
  const requests = Math.max(1, result.requests.total);
  const cpuMicros = (ticks * 1e6) / CLOCK_TICKS_PER_SECOND / requests;
  let dbCpuMicros = NaN;
  if (dbBefore && dbAfter) {
    let dbTicks = 0;
    for (const [pid, total] of dbAfter) dbTicks += total - (dbBefore.get(pid) ?? 0);
    dbCpuMicros = (dbTicks * 1e6) / CLOCK_TICKS_PER_SECOND / requests;
  }
  return { result, cpuMicros, dbCpuMicros };
}

function run(route, encoding, duration) {
  const headers = { ...encoding.headers };
  if (!route.floor) headers.authorization = `Bearer ${KEY}`;
  const request = { method: route.method, path: route.path, headers };
  if (route.order) return runOrders(headers, duration);
  if (route.method === "POST") {
    headers["content-type"] = "application/json";
    // A new pet per request, like real clients; the body is built before sending.
    request.setupRequest = (req) => ({ ...req, body: newPetBody() });
  }
  return autocannon({
    url: BASE,
    connections: options.connections,
    duration,
    requests: [request],
  });
}

/**
 * A run that ends between a place and its cancel leaves that pet pending: cancel what is
 * still open first, so every run starts with all its pets available.
 */
async function cancelOpenOrders() {
  const headers = { authorization: `Bearer ${KEY}`, "content-type": "application/json" };
  for (const status of ["placed", "approved"]) {
    const response = await fetch(`${BASE}/v1/store/orders?status=${status}&limit=100`, { headers });
    for (const order of await response.json()) {
      await fetch(`${BASE}/v1/store/orders/${order.id}`, {
        method: "PATCH",
        headers,
        body: '{"status":"cancelled"}',
      });
    }
  }
}

async function runOrders(headers, duration) {
  await cancelOpenOrders();
  headers["content-type"] = "application/json";
  // autocannon resets a connection's context after each place-then-cancel sequence, so
  // pets are lent from a free list: taken for a place, given back once it is cancelled.
  const free = [...orderPets];
  const place = {
    method: "POST",
    path: "/v1/store/orders",
    headers,
    setupRequest: (req, context) => {
      context.petId = free.shift();
      return { ...req, body: JSON.stringify({ petId: context.petId, adopter: "Bench adopter" }) };
    },
    onResponse: (status, body, context) => {
      context.orderId = status === 201 ? JSON.parse(body).id : 0;
      if (!context.orderId && context.petId !== undefined) free.push(context.petId);
    },
  };
  const cancel = {
    method: "PATCH",
    headers,
    setupRequest: (req, context) => ({
      ...req,
      path: `/v1/store/orders/${context.orderId}`,
      body: '{"status":"cancelled"}',
    }),
    onResponse: (status, body, context) => {
      if (context.orderId) free.push(context.petId);
    },
  };
  return autocannon({
    url: BASE,
    connections: Math.min(options.connections, orderPets.length),
    duration,
    requests: [place, cancel],
  });
}

async function measure() {
  /** samples[route][encoding] = [{ rps, p99, non2xx, errors }] */
  const samples = new Map(routes.map((route) => [route, new Map(encodings.map((e) => [e, []]))]));
  for (let round = 1; round <= options.rounds; round++) {
    // Floor first in odd rounds, last in even ones: slow drift affects floor and targets alike.
    const order = round % 2 === 1 ? routes : [...routes].reverse();
    for (const encoding of round % 2 === 1 ? encodings : [...encodings].reverse()) {
      for (const route of order) {
        // Warm-up (JIT, store caches) once per route and encoding; later rounds start warm.
        if (round === 1 && options.warmup > 0) await run(route, encoding, options.warmup);
        const { result, cpuMicros, dbCpuMicros } = await runMeasured(route, encoding, options.duration);
        const sample = {
          cpuMicros,
          dbCpuMicros,
          rps: result.requests.average,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        };
        samples.get(route).get(encoding).push(sample);
        log(
          `round ${round} ${encoding.name.padEnd(8)} ${route.name.padEnd(36)} ${sample.rps.toFixed(0).padStart(6)} req/s  p99 ${sample.p99} ms  ${sample.cpuMicros.toFixed(0)} µs CPU/req` +
            (database ? `  (database ${sample.dbCpuMicros.toFixed(0)} µs/req)` : "") +
            (sample.non2xx || sample.errors
              ? `  WARNING: ${sample.non2xx} non-2xx, ${sample.errors} errors/timeouts`
              : ""),
        );
      }
    }
  }
  return samples;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function printTable(samples) {
  const lines = [
    `API benchmark: ${options.rounds} round(s) × ${options.duration} s per run, ${options.connections} connections, ` +
      `${options.seed} seeded pets, ${hasTaskset && twoCores ? "server on core 1, autocannon on core 0" : "no CPU pinning"}; medians.`,
    "",
    "| route | encoding | req/s | p99 ms | req/s ratio | server CPU µs/req | CPU ratio | target | result |",
    "|---|---|---:|---:|---:|---:|---:|---:|---|",
  ];
  let warnings = 0;
  let failures = 0;
  for (const encoding of encodings) {
    const floor = routes.find((route) => route.floor);
    const floorRps = median(
      samples
        .get(floor)
        .get(encoding)
        .map((s) => s.rps),
    );
    const floorCpu = median(
      samples
        .get(floor)
        .get(encoding)
        .map((s) => s.cpuMicros),
    );
    for (const route of routes) {
      const runs = samples.get(route).get(encoding);
      const rps = median(runs.map((s) => s.rps));
      const p99 = median(runs.map((s) => s.p99));
      const bad = runs.reduce((sum, s) => sum + s.non2xx + s.errors, 0);
      if (bad > 0) warnings++;
      const cpu = median(runs.map((s) => s.cpuMicros));
      // Truncated, not rounded, so a printed 0.75 never hides a 0.7498 that fails.
      const ratio = Math.floor((rps / floorRps) * 1000) / 1000;
      // Throughput-equivalent: the floor's CPU per request over this route's.
      const cpuRatio = Math.floor((floorCpu / cpu) * 1000) / 1000;
      const decisive = hasProc ? cpuRatio : ratio;
      const target = route.floor ? undefined : TARGETS[route.method];
      const pass = target === undefined ? "-" : decisive >= target ? "pass" : "FAIL";
      if (pass === "FAIL") failures++;
      lines.push(
        `| ${route.name} | ${encoding.name} | ${rps.toFixed(0)} | ${p99.toFixed(1)} | ${route.floor ? "1.000" : ratio.toFixed(3)} | ` +
          `${hasProc ? cpu.toFixed(0) : "-"} | ${hasProc ? (route.floor ? "1.000" : cpuRatio.toFixed(3)) : "-"} | ` +
          `${target === undefined ? "-" : `≥ ${target.toFixed(2)}`} | ${pass}${bad ? ` (WARNING: ${bad} non-2xx/errors)` : ""} |`,
      );
    }
  }
  console.log(lines.join("\n"));
  if (warnings)
    console.log(`\nWARNING: ${warnings} route(s) had non-2xx responses or errors; their numbers are not trustworthy.`);
  console.log(
    `\nTargets are judged on the ${hasProc ? "CPU ratio (floor's server CPU per request ÷ the route's)" : "req/s ratio"}; ` +
      "both ratios measure the same thing; the CPU one ignores time the server spent waiting for its core.",
  );
  if (failures) console.log(`\n${failures} route(s) below target.`);
}

/**
 * Per route: the application process's CPU per request on PostgreSQL over the file
 * store's (the database's own CPU beside it, not counted), against ADAPTER_TARGETS.
 */
function printAdapterComparison(file, postgres) {
  const lines = [
    "",
    "## PostgreSQL ÷ file store, server (application) CPU per request",
    "",
    "| route | encoding | file µs/req | PostgreSQL µs/req | ratio | target | result | database µs/req |",
    "|---|---|---:|---:|---:|---:|---|---:|",
  ];
  let failures = 0;
  const byName = (samples) => new Map([...samples].map(([route, perEncoding]) => [route.name, perEncoding]));
  const fileByName = byName(file);
  for (const [route, perEncoding] of postgres) {
    if (route.floor) continue;
    for (const [encoding, runs] of perEncoding) {
      const fileRuns = [...fileByName.get(route.name)].find(([e]) => e.name === encoding.name)[1];
      const fileCpu = median(fileRuns.map((s) => s.cpuMicros));
      const pgCpu = median(runs.map((s) => s.cpuMicros));
      const dbCpu = median(runs.map((s) => s.dbCpuMicros));
      // Rounded up, so a printed 1.30 never hides a 1.3004 that fails.
      const ratio = Math.ceil((pgCpu / fileCpu) * 1000) / 1000;
      const target = ADAPTER_TARGETS[route.method];
      const pass = ratio <= target ? "pass" : "FAIL";
      if (pass === "FAIL") failures++;
      lines.push(
        `| ${route.name} | ${encoding.name} | ${fileCpu.toFixed(0)} | ${pgCpu.toFixed(0)} | ${ratio.toFixed(3)} | ≤ ${target.toFixed(2)} | ${pass} | ${Number.isNaN(dbCpu) ? "-" : dbCpu.toFixed(0)} |`,
      );
    }
  }
  console.log(lines.join("\n"));
  if (failures) console.log(`\n${failures} route(s) above the PostgreSQL CPU target.`);
}
