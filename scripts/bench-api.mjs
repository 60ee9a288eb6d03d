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
 *   options: --server front|next (front) --adapter file|postgres|both (file) --features on|off|both (on)
 *            --rounds N (3) --duration S (10) --warmup S (2, first round only) --connections N (32)
 *            --seed N (3000) --instance-connections N (64) --no-instances --no-event-share
 *            --workload routes|reads-under-writes (routes) --cpu-prof (reads-under-writes only)
 *
 * `--workload reads-under-writes` measures issue 39's mix instead (scripts/bench-api/reads-under-writes.mjs):
 * `GET /v1/pets?limit=1..100` on 28 connections while 4 more create pets, against a ceiling
 * of its own that lists and creates in memory, on both stores by default (8 s, 1,000 pets,
 * one round unless told otherwise), with the fdatasync / COMMIT latency durable creates wait on.
 *
 * `--adapter postgres` serves the app (not the ceiling) from PostgreSQL instead: a database
 * of its own, created on PETSTORE_BENCH_DATABASE_URL's server (default
 * postgres://postgres@127.0.0.1:5432/postgres) and dropped after; the database backends' CPU
 * per request is reported beside the server's. `--adapter both` measures the file store,
 * then PostgreSQL, and compares the application's CPU per request (issue 9: PostgreSQL ≤
 * 1.3 × the file store for GET, ≤ 1.5 × for POST).
 *
 * On PostgreSQL it then measures two instances on the one database against one, at
 * --instance-connections in all (issue 21: scripts/bench-api/instances.mjs); --no-instances
 * skips that.
 *
 * `--features` sets issue 11's request-path features (scripts/bench-api/features.mjs): "on"
 * sends an issued key (looked up, and counted against a rate limit too high to trip) and an
 * Idempotency-Key on every POST; "off" sends a PETSTORE_API_KEYS key with rate limits off and
 * no Idempotency-Key. "both" measures off, then on, per adapter, and compares the server CPU
 * per request (issue 11: GET /v1/pets on ≤ 1.1 × off).
 *
 * On the file store with the features on, it then profiles POST /v1/pets and prints the share
 * of server CPU spent recording events (issue 23: at most 10 %; scripts/bench-api/event-share.mjs);
 * --no-event-share skips that.
 *
 * The servers are pinned to core 1 and this process (autocannon) to core 0 when `taskset`
 * exists, so the load generator does not steal the server's CPU. Reported numbers are medians.
 *
 * Besides req/s, it reads each server's own CPU time per request from /proc (Linux). With
 * the server saturating its core, req/s is 1 / (CPU time per request); CPU time does not
 * count moments when another process holds the server's core, so a busy neighbour skews
 * it less (on a quiet machine the two ratios agree). Pass/fail uses it where /proc exists.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { buildApp } from "./bench-api/build.mjs";
import { createBenchDatabase } from "./bench-api/database.mjs";
import { measureInstances } from "./bench-api/instances.mjs";
import { printIssue21Summary } from "./bench-api/issue21.mjs";
import { measureEventShare } from "./bench-api/event-share.mjs";
import { measure, seed, seedOrders } from "./bench-api/load.mjs";
import { featureServerEnv, featuresOf, requestKey } from "./bench-api/features.mjs";
import { adaptersOf, log, parseArgs } from "./bench-api/options.mjs";
import { printAdapterComparison, printFeatureComparison, printTable } from "./bench-api/report.mjs";
import { benchReadsUnderWrites } from "./bench-api/reads-under-writes.mjs";
import { pinThisProcess, pinned, startApp, startCeiling, stopServer } from "./bench-api/servers.mjs";

const started = Date.now();
const servers = {};
// Two instances against one (PostgreSQL, the last feature set measured), for issue 21's summary.
let instanceFigures;
try {
  const options = parseArgs(process.argv.slice(2));
  await buildApp(options);
  if (options.workload === "reads-under-writes") {
    pinThisProcess();
    await benchReadsUnderWrites(options, servers);
  } else await benchRoutes(options);
  log(`total ${(Date.now() - started) / 1000} s`);
} catch (error) {
  console.error(`bench-api: ${error instanceof Error ? error.message : error}`);
  process.exitCode = 1;
} finally {
  for (const child of Object.values(servers)) await stopServer(child);
}

/** Issue 13's routes, one adapter and feature set at a time, then the comparisons between them. */
async function benchRoutes(options) {
  servers.ceiling = await startCeiling();
  pinThisProcess();
  // results[adapter][features] = samples
  const results = new Map();
  for (const adapter of adaptersOf(options)) {
    results.set(adapter, new Map());
    for (const features of featuresOf(options)) {
      results.get(adapter).set(features, await benchAdapter(options, adapter, features));
    }
  }
  // The adapters are compared with the features as measured (on, when both were).
  const compared = featuresOf(options).at(-1);
  if (results.size === 2)
    printAdapterComparison(results.get("file").get(compared), results.get("postgres").get(compared));
  for (const [adapter, byFeatures] of results) {
    if (byFeatures.size === 2) printFeatureComparison(adapter, byFeatures.get("off"), byFeatures.get("on"));
  }
  if (results.has("postgres"))
    printIssue21Summary(results.get("file")?.get(compared), results.get("postgres").get(compared), instanceFigures);
}

/** One adapter and feature set: a fresh store, the app on it, seeded, measured; everything removed after. */
async function benchAdapter(options, adapter, features) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-"));
  let database;
  try {
    if (adapter === "postgres") database = await createBenchDatabase();
    const key = requestKey(features, dataDir, database?.url);
    servers.app = await startApp(options, dataDir, database?.url, featureServerEnv(features));
    await seed(options.seed);
    await seedOrders(options.connections);
    const loadBefore = os.loadavg()[0];
    const serverEnv = featureServerEnv(features);
    const samples = await measure({ options, servers, database, key, features });
    const loadAfter = os.loadavg()[0];
    console.log(`\n## ${adapter === "postgres" ? "PostgreSQL store" : "file store"}, features ${features}\n`);
    printTable(samples, { options, adapter, pinned });
    // Two cores, both in use by the benchmark: anything else running skews the ratios.
    console.log(`\n1-minute load average: ${loadBefore.toFixed(2)} before, ${loadAfter.toFixed(2)} after measuring.`);
    if (Math.max(loadBefore, loadAfter) > os.availableParallelism() + 0.5) {
      console.log(
        "WARNING: other processes competed for the CPU; treat these numbers as noisy and rerun on a quiet machine.",
      );
    }
    if (database && options.instances && features === featuresOf(options).at(-1)) {
      instanceFigures = await measureInstances({ options, database, key, features, serverEnv }, servers);
    }
    if (!database && features === "on" && options.eventShare) {
      await stopServer(servers.app);
      delete servers.app;
      await measureEventShare({ options, features, serverEnv });
    }
    return samples;
  } finally {
    await stopServer(servers.app);
    delete servers.app;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (database) await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
  }
}
