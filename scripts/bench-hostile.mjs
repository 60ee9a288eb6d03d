#!/usr/bin/env node
/**
 * Issue 20 finding 6: what anonymous gallery requests cost the API. GET /v1/pets is measured
 * alone, then while 8 connections repeat `GET /?pages=50` (the most pages an address may
 * ask for) without a key; each pair of runs is repeated --rounds times, medians reported.
 *
 *   npm run bench:hostile                  # build into .next-bench, then measure
 *   npm run bench:hostile -- --no-build    # reuse .next-bench
 *   options: --server front|next (front) --adapter file|postgres|both (file) --rounds N (3)
 *            --duration S (10) --connections N (32, the /v1/pets load) --seed N (2000)
 *            --path P (/?pages=50: what the 8 anonymous connections repeat; `--path /` gives
 *            the plain gallery as a reference)
 *
 * Servers and load generators are pinned as in bench:api (scripts/bench-api/servers.mjs).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { buildApp } from "./bench-api/build.mjs";
import { createBenchDatabase } from "./bench-api/database.mjs";
import { seed } from "./bench-api/load.mjs";
import { featureServerEnv } from "./bench-api/features.mjs";
import { KEY, PORT, adaptersOf, log, parseArgs } from "./bench-api/options.mjs";
import { pinThisProcess, startApp, stopServer } from "./bench-api/servers.mjs";

const HOSTILE_CONNECTIONS = 8;
const pathAt = process.argv.indexOf("--path");
const HOSTILE_PATH = pathAt > 0 ? process.argv[pathAt + 1] : "/?pages=50";

const servers = {};
try {
  const args = process.argv.slice(2).filter((_, index) => pathAt < 0 || (index !== pathAt - 2 && index !== pathAt - 1));
  // bench:api's default seed is 3000; 2000 pets (a third available) already fill 50 pages of 12.
  const options = parseArgs(args.includes("--seed") ? args : [...args, "--seed", "2000"]);
  await buildApp(options);
  pinThisProcess();
  for (const adapter of adaptersOf(options)) await benchAdapter(options, adapter);
} catch (error) {
  console.error(`bench-hostile: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  for (const child of Object.values(servers)) await stopServer(child);
}

async function benchAdapter(options, adapter) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-hostile-"));
  let database;
  try {
    if (adapter === "postgres") database = await createBenchDatabase();
    servers.app = await startApp(options, dataDir, database?.url, featureServerEnv("off"));
    await seed(options.seed);
    const page = await fetch(`http://127.0.0.1:${PORT}${HOSTILE_PATH}`);
    const bytes = (await page.arrayBuffer()).byteLength;
    log(`${HOSTILE_PATH} answers ${page.status}, ${(bytes / 1024).toFixed(0)} KB`);
    await measureApi(options, 2); // warm-up
    const alone = [];
    const loaded = [];
    for (let round = 1; round <= options.rounds; round++) {
      alone.push(await measureApi(options, options.duration));
      log(`round ${round} alone        ${describe(alone.at(-1))}`);
      const hostile = hostileLoad(options.duration + 1);
      loaded.push({ ...(await measureApi(options, options.duration)), hostile: (await hostile).requests.average });
      log(
        `round ${round} with hostile ${describe(loaded.at(-1))}  (${loaded.at(-1).hostile.toFixed(0)} gallery req/s)`,
      );
    }
    console.log(`\n## ${adapter === "postgres" ? "PostgreSQL store" : "file store"}, ${options.server} server\n`);
    console.log(`GET ${HOSTILE_PATH}: ${(bytes / 1024).toFixed(0)} KB\n`);
    console.log("| GET /v1/pets | req/s | p99 ms | gallery req/s |");
    console.log("|---|---|---|---|");
    console.log(`| alone | ${median(alone, "rps").toFixed(0)} | ${median(alone, "p99").toFixed(1)} | |`);
    console.log(
      `| with ${HOSTILE_CONNECTIONS} connections repeating ${HOSTILE_PATH} | ${median(loaded, "rps").toFixed(0)} | ${median(loaded, "p99").toFixed(1)} | ${median(loaded, "hostile").toFixed(0)} |`,
    );
    console.log(`\n1-minute load average: ${os.loadavg()[0].toFixed(2)}`);
  } finally {
    await stopServer(servers.app);
    delete servers.app;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (database) await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
  }
}

/** GET /v1/pets with the key: req/s, and p99 from every answer's latency. */
async function measureApi(options, duration) {
  const latencies = [];
  const run = autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: options.connections,
    duration,
    requests: [{ method: "GET", path: "/v1/pets", headers: { authorization: `Bearer ${KEY}` } }],
  });
  run.on("response", (_client, status, _bytes, ms) => {
    if (status < 400) latencies.push(ms);
  });
  const result = await run;
  const sorted = Float64Array.from(latencies).sort();
  const p99 = sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(0.99 * sorted.length) - 1)] : NaN;
  return { rps: result.requests.average, p99, failed: result.non2xx + result.errors + result.timeouts };
}

/** Anonymous visitors asking for the most gallery pages, over and over. */
function hostileLoad(duration) {
  return autocannon({
    url: `http://127.0.0.1:${PORT}`,
    connections: HOSTILE_CONNECTIONS,
    duration,
    requests: [{ method: "GET", path: HOSTILE_PATH }],
  });
}

function describe(sample) {
  const failed = sample.failed ? `  WARNING: ${sample.failed} failed` : "";
  return `${sample.rps.toFixed(0).padStart(6)} req/s  p99 ${sample.p99.toFixed(2)} ms${failed}`;
}

function median(samples, field) {
  const values = samples.map((sample) => sample[field]).sort((a, b) => a - b);
  return values[Math.floor(values.length / 2)];
}
