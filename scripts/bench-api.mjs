#!/usr/bin/env node
/**
 * API throughput benchmark. Three servers, one at a time under load, each on core 1:
 *  - the ceiling: a bare node:http server answering a constant list of 20 pets
 *    (scripts/bench-ceiling-server.mjs), the most any Node server can do;
 *  - Next's floor: `GET /healthz`, a constant answer through Next's request pipeline;
 *  - the /v1 routes through `npm start` (the front server, server.ts), or through
 *    `next start` with --server next, to compare the two.
 * Ratios, not absolute req/s, are compared with targets, so the result means the same on a
 * laptop and in CI.
 *
 *   npm run bench:api                  # build into .next-bench, then measure
 *   npm run bench:api -- --no-build    # reuse .next-bench when it exists
 *   options: --server front|next (front) --rounds N (3) --duration S (10) --warmup S (2, first round only)
 *            --connections N (32) --seed N (3000)
 *
 * The servers are pinned to core 1 and this process (autocannon) to core 0 when `taskset`
 * exists, so the load generator does not steal the server's CPU. Runs alternate, and each
 * round reverses the order, so drift (thermal, page cache, the store growing with every
 * POST) lands on both sides of a ratio. Reported numbers are medians.
 *
 * Besides req/s, it reads each server's own CPU time per request from /proc (Linux). With
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

const root = fileURLToPath(new URL("..", import.meta.url));
const DIST_DIR = ".next-bench";
// BENCH_PORT lets two checkouts benchmark side by side; the ceiling listens two ports up.
const PORT = Number(process.env.BENCH_PORT || 3103);
const CEILING_PORT = PORT + 2;
const KEY = `bench-${randomBytes(12).toString("hex")}`;
// Issue 13's targets: × the ceiling and × Next's floor (judged on CPU ratios where /proc
// exists), and GET p99 at most 3 × its p50.
const TARGETS = {
  GET: { ceiling: 0.25, floor: 5, tail: 3 },
  POST: { floor: 3 },
};
let petCounter = 0;

const options = parseArgs(process.argv.slice(2));
const CLOCK_TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;
const hasProc = fs.existsSync("/proc/self/stat");
const hasTaskset = spawnSync("sh", ["-c", "command -v taskset"], { stdio: "ignore" }).status === 0;
const twoCores = os.availableParallelism() >= 2;
const pinned = hasTaskset && twoCores;

const servers = {};
const routes = [
  { name: "bare node:http (ceiling)", server: "ceiling", method: "GET", path: "/pets", ceiling: true },
  { name: "GET /healthz (Next's floor)", server: "app", method: "GET", path: "/healthz", floor: true },
  { name: "GET /v1/pets?limit=20", server: "app", method: "GET", path: "/v1/pets?limit=20", target: TARGETS.GET },
  { name: "GET /v1/pets?status=sold&limit=20", server: "app", method: "GET", path: "/v1/pets?status=sold&limit=20" },
  { name: "POST /v1/pets", server: "app", method: "POST", path: "/v1/pets", expect: 201, target: TARGETS.POST },
];
const encodings = [
  { name: "identity", headers: {} },
  { name: "gzip", headers: { "accept-encoding": "gzip" } },
];

let dataDir;
const started = Date.now();
try {
  await build();
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-"));
  servers.app = await startServer(appCommand(), PORT, "/healthz", dataDir);
  servers.ceiling = await startServer(
    [path.join(root, "scripts/bench-ceiling-server.mjs"), String(CEILING_PORT)],
    CEILING_PORT,
    "/",
    dataDir,
  );
  if (pinned) spawnSync("taskset", ["-a", "-pc", "0", String(process.pid)], { stdio: "ignore" });
  await seed(options.seed);
  const loadBefore = os.loadavg()[0];
  const samples = await measure();
  const loadAfter = os.loadavg()[0];
  printTable(samples);
  // Two cores, both in use by the benchmark: anything else running skews the ratios.
  console.log(`\n1-minute load average: ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after measuring.`);
  if (Math.max(loadBefore, loadAfter) > os.availableParallelism() + 0.5) {
    console.log(
      "WARNING: other processes competed for the CPU; treat these numbers as noisy and rerun on a quiet machine.",
    );
  }
  log(`total ${(Date.now() - started) / 1000} s`);
} catch (error) {
  console.error(`bench-api: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  for (const child of Object.values(servers)) await stopServer(child);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
}

function parseArgs(args) {
  const result = { build: true, server: "front", rounds: 3, duration: 10, warmup: 2, connections: 32, seed: 3000 };
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--no-build") result.build = false;
    else if (arg === "--server") {
      result.server = args[++i];
      if (!["front", "next"].includes(result.server)) throw new Error("--server is front or next");
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
  const bundle = path.join(root, DIST_DIR, "front/server.mjs");
  if (!options.build) {
    if (!fs.existsSync(buildId) || !fs.existsSync(bundle)) {
      throw new Error(`--no-build given but ${DIST_DIR} has no BUILD_ID or front/server.mjs; run without --no-build`);
    }
    log(`reusing ${DIST_DIR}`);
    return;
  }
  log(`building into ${DIST_DIR}`);
  const code = await run([path.join(root, "node_modules/next/dist/bin/next"), "build"]);
  undoTsconfigInclude();
  if (code !== 0) throw new Error(`next build exited with ${code}`);
  if ((await run([path.join(root, "scripts/build-front-server.mjs")])) !== 0)
    throw new Error("bundling the front server failed");
}

function run(args) {
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: { ...process.env, NEXT_DIST_DIR: DIST_DIR, NEXT_TELEMETRY_DISABLED: "1" },
    // Build chatter goes to stderr so stdout carries only the result table.
    stdio: ["ignore", process.stderr, process.stderr],
  });
  return new Promise((resolve) => child.on("exit", resolve));
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

function appCommand() {
  const listen = ["-p", String(PORT), "-H", "127.0.0.1"];
  if (options.server === "next") return [path.join(root, "node_modules/next/dist/bin/next"), "start", ...listen];
  return [path.join(root, "scripts/start-front-server.mjs"), ...listen];
}

async function startServer(args, port, readyPath, dir) {
  const [command, argv] = pinned ? ["taskset", ["-c", "1", process.execPath, ...args]] : [process.execPath, args];
  log(`starting ${path.basename(args[0])} ${args.slice(1).join(" ")}${pinned ? " pinned to core 1" : " (not pinned)"}`);
  const output = [];
  const child = spawn(command, argv, {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_DIST_DIR: DIST_DIR,
      NEXT_TELEMETRY_DISABLED: "1",
      PETSTORE_DATA_DIR: dir,
      PETSTORE_API_KEYS: KEY,
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

async function stopServer(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once("exit", resolve));
  process.kill(-child.pid, "SIGTERM");
  const timer = setTimeout(() => {
    if (child.exitCode === null && child.signalCode === null) process.kill(-child.pid, "SIGKILL");
  }, 15000);
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
      const response = await fetch(`http://127.0.0.1:${PORT}/v1/pets`, {
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

/** User + system CPU clock ticks of every process in a server's process group. */
function cpuTicksOf(child) {
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
    if (Number(fields[2]) === child.pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

async function runMeasured(route, encoding, duration) {
  const server = servers[route.server];
  const before = hasProc ? cpuTicksOf(server) : 0;
  const result = await load(route, encoding, duration);
  const ticks = hasProc ? cpuTicksOf(server) - before : NaN;
  const cpuMicros = (ticks * 1e6) / CLOCK_TICKS_PER_SECOND / Math.max(1, result.requests.total);
  return { result, cpuMicros };
}

function load(route, encoding, duration) {
  const headers = { ...encoding.headers };
  if (route.server === "app" && !route.floor) headers.authorization = `Bearer ${KEY}`;
  const request = { method: route.method, path: route.path, headers };
  if (route.method === "POST") {
    headers["content-type"] = "application/json";
    // A new pet per request, like real clients; the body is built before sending.
    request.setupRequest = (req) => ({ ...req, body: newPetBody() });
  }
  return autocannon({
    url: `http://127.0.0.1:${route.server === "app" ? PORT : CEILING_PORT}`,
    connections: options.connections,
    duration,
    requests: [request],
  });
}

async function measure() {
  /** samples[route][encoding] = [{ rps, p50, p99, cpuMicros, non2xx, errors }] */
  const samples = new Map(routes.map((route) => [route, new Map(encodings.map((e) => [e, []]))]));
  for (let round = 1; round <= options.rounds; round++) {
    // Ceiling and floor first in odd rounds, last in even ones: slow drift affects all alike.
    const order = round % 2 === 1 ? routes : [...routes].reverse();
    for (const encoding of round % 2 === 1 ? encodings : [...encodings].reverse()) {
      for (const route of order) {
        // Warm-up (JIT, store caches) once per route and encoding; later rounds start warm.
        if (round === 1 && options.warmup > 0) await load(route, encoding, options.warmup);
        const { result, cpuMicros } = await runMeasured(route, encoding, options.duration);
        const sample = {
          cpuMicros,
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          non2xx: result.non2xx,
          errors: result.errors + result.timeouts,
        };
        samples.get(route).get(encoding).push(sample);
        log(
          `round ${round} ${encoding.name.padEnd(8)} ${route.name.padEnd(36)} ${sample.rps.toFixed(0).padStart(6)} req/s  p50 ${sample.p50} ms  p99 ${sample.p99} ms  ${sample.cpuMicros.toFixed(0)} µs CPU/req` +
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

/** Truncated, not rounded, so a printed 0.25 never hides a 0.2498 that fails. */
function ratio(value) {
  return Math.floor(value * 1000) / 1000;
}

function printTable(samples) {
  const lines = [
    `API benchmark (/v1 through ${options.server === "front" ? "npm start, the front server" : "next start"}): ${options.rounds} round(s) × ${options.duration} s per run, ` +
      `${options.connections} connections, ${options.seed} seeded pets, ${pinned ? "servers on core 1, autocannon on core 0" : "no CPU pinning"}; medians.`,
    "",
    "| route | encoding | req/s | p50 ms | p99 ms | req/s × ceiling | req/s × floor | server CPU µs/req | CPU × ceiling | CPU × floor | targets | result |",
    "|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|",
  ];
  let warnings = 0;
  let failures = 0;
  const ceilingRoute = routes.find((route) => route.ceiling);
  const floorRoute = routes.find((route) => route.floor);
  for (const encoding of encodings) {
    const medianOf = (route, key) =>
      median(
        samples
          .get(route)
          .get(encoding)
          .map((s) => s[key]),
      );
    const ceiling = { rps: medianOf(ceilingRoute, "rps"), cpu: medianOf(ceilingRoute, "cpuMicros") };
    const floor = { rps: medianOf(floorRoute, "rps"), cpu: medianOf(floorRoute, "cpuMicros") };
    for (const route of routes) {
      const runs = samples.get(route).get(encoding);
      const rps = medianOf(route, "rps");
      const cpu = medianOf(route, "cpuMicros");
      const p50 = medianOf(route, "p50");
      const p99 = medianOf(route, "p99");
      const bad = runs.reduce((sum, s) => sum + s.non2xx + s.errors, 0);
      if (bad > 0) warnings++;
      const rpsRatios = { ceiling: ratio(rps / ceiling.rps), floor: ratio(rps / floor.rps) };
      // Throughput-equivalent: the reference's CPU per request over this route's.
      const cpuRatios = { ceiling: ratio(ceiling.cpu / cpu), floor: ratio(floor.cpu / cpu) };
      const decisive = hasProc ? cpuRatios : rpsRatios;
      const checks = [];
      if (route.target?.ceiling)
        checks.push([`≥ ${route.target.ceiling} × ceiling`, decisive.ceiling >= route.target.ceiling]);
      if (route.target?.floor) checks.push([`≥ ${route.target.floor} × floor`, decisive.floor >= route.target.floor]);
      if (route.target?.tail) checks.push([`p99 ≤ ${route.target.tail} × p50`, p99 <= route.target.tail * p50]);
      const failed = checks.filter(([, ok]) => !ok).length;
      failures += failed;
      const targets = checks.map(([label]) => label).join(", ") || "-";
      const result =
        checks.length === 0
          ? "-"
          : failed
            ? `FAIL (${checks
                .filter(([, ok]) => !ok)
                .map(([label]) => label)
                .join(", ")})`
            : "pass";
      const show = (value) => (hasProc ? value.toFixed(3) : "-");
      lines.push(
        `| ${route.name} | ${encoding.name} | ${rps.toFixed(0)} | ${p50.toFixed(1)} | ${p99.toFixed(1)} | ${rpsRatios.ceiling.toFixed(3)} | ${rpsRatios.floor.toFixed(3)} | ` +
          `${hasProc ? cpu.toFixed(0) : "-"} | ${show(cpuRatios.ceiling)} | ${show(cpuRatios.floor)} | ${targets} | ${result}${bad ? ` (WARNING: ${bad} non-2xx/errors)` : ""} |`,
      );
    }
  }
  console.log(lines.join("\n"));
  if (warnings)
    console.log(`\nWARNING: ${warnings} route(s) had non-2xx responses or errors; their numbers are not trustworthy.`);
  console.log(
    `\nThroughput targets are judged on the ${hasProc ? "CPU ratios (the reference's server CPU per request ÷ the route's)" : "req/s ratios"}; ` +
      "both measure the same thing; the CPU one ignores time a server spent waiting for its core.",
  );
  if (failures) console.log(`\n${failures} target(s) missed.`);
}
