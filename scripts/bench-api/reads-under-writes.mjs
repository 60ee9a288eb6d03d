/**
 * Issue 39's workload, `npm run bench:api -- --workload reads-under-writes`: listings of
 * every size (`GET /v1/pets?limit=N`, N cycling 1..100) on 28 connections while 4 more create
 * pets, on 1,000 seeded pets, per-key rate limit lifted (features on). Measured in turn on
 * its own ceiling (scripts/bench-api/ceiling-store-server.mjs: a bare node:http server,
 * in memory, serialising per request, accepting the creates) and on Pet Store (front server
 * or next start) on the file store and on PostgreSQL, each pinned to core 1 with the load
 * generator on core 0. Beside the load a probe times the durable step a create waits for
 * (fdatasync, COMMIT: durable-probe.mjs). `--cpu-prof` profiles each Pet Store run and
 * prints where its CPU went (profile-breakdown.mjs).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hasProc, microsPerRequest, processGroupTicks } from "./cpu.mjs";
import { createBenchDatabase } from "./database.mjs";
import { startDurableProbe } from "./durable-probe.mjs";
import { featureServerEnv, requestKey } from "./features.mjs";
import { seed } from "./load.mjs";
import { mixedLoad } from "./mixed-load.mjs";
import { CEILING_PORT, DIST_DIR, PORT, adaptersOf, log, root } from "./options.mjs";
import { readLargestProfile } from "./event-share.mjs";
import { selfTimeBreakdown } from "./profile-breakdown.mjs";
import { pinned, startApp, startStoreCeiling, stopServer } from "./servers.mjs";

export const READERS = 28;
export const WRITERS = 4;
// Issue 39's targets, as ratios of one run.
export const RW_TARGETS = { fileGet: 0.5, fileP99Ms: 10, postgresGet: 0.25, postgresOfFile: 0.5 };
const FEATURES = "on";

/** Every server in turn, `options.rounds` times; prints the table and returns the medians by server. */
export async function benchReadsUnderWrites(options, servers) {
  const targets = [{ name: "ceiling" }, ...adaptersOf(options).map((adapter) => ({ name: adapter, adapter }))];
  const samples = new Map(targets.map((target) => [target.name, []]));
  for (let round = 1; round <= options.rounds; round++) {
    for (const target of round % 2 === 1 ? targets : [...targets].reverse()) {
      const sample = await runOnce(options, servers, target, round === 1);
      samples.get(target.name).push(sample);
      log(
        `round ${round} ${target.name.padEnd(8)} GET ${sample.get.rps.toFixed(0)} r/s p99 ${sample.get.p99.toFixed(2)} ms, ` +
          `POST ${sample.post.rps.toFixed(0)} r/s p99 ${sample.post.p99.toFixed(2)} ms` +
          (sample.durable ? `, ${sample.durable.what} p50 ${sample.durable.p50.toFixed(2)} ms` : ""),
      );
    }
  }
  printReadsUnderWrites(options, samples);
  return samples;
}

/** One server, fresh: started, seeded, warmed (first round), measured, stopped and removed. */
async function runOnce(options, servers, { adapter }, warm) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-rw-"));
  const profileDir = options.cpuProf ? fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-rw-prof-")) : undefined;
  let database;
  let child;
  try {
    let key;
    let port = PORT;
    if (!adapter) {
      child = servers.rwCeiling = await startStoreCeiling();
      port = CEILING_PORT;
    } else {
      if (adapter === "postgres") database = await createBenchDatabase();
      key = requestKey(FEATURES, dataDir, database?.url);
      const flags = profileDir ? ["--cpu-prof", `--cpu-prof-dir=${profileDir}`] : [];
      child = servers.app = await startApp(options, dataDir, database?.url, featureServerEnv(FEATURES), PORT, flags);
    }
    await seed(options.seed, port);
    const load = { port, key, features: adapter ? FEATURES : "off", readers: READERS, writers: WRITERS };
    if (warm && options.warmup > 0) await mixedLoad({ ...load, duration: options.warmup });
    const probe = adapter ? startDurableProbe({ dataDir, databaseUrl: database?.url }) : undefined;
    const before = hasProc ? processGroupTicks(child) : 0;
    const from = Number(process.hrtime.bigint() / 1000n);
    const result = await mixedLoad({ ...load, duration: options.duration });
    const to = Number(process.hrtime.bigint() / 1000n);
    const ticks = hasProc ? processGroupTicks(child) - before : NaN;
    const durable = await probe?.stop();
    await stopServer(child);
    const profile = profileDir ? profileOf(profileDir, [from, to]) : undefined;
    return {
      ...result,
      durable,
      cpuMicros: microsPerRequest(ticks, result.get.requests + result.post.requests),
      profile,
    };
  } finally {
    await stopServer(child);
    delete servers.app;
    delete servers.rwCeiling;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (profileDir) fs.rmSync(profileDir, { recursive: true, force: true });
    if (database) await database.drop().catch((error) => log(`could not drop the bench database: ${error.message}`));
  }
}

function profileOf(profileDir, window) {
  try {
    return selfTimeBreakdown(readLargestProfile(profileDir), path.join(root, DIST_DIR, "front/server.mjs"), window);
  } catch (error) {
    log(`no profile: ${error.message}`);
    return undefined;
  }
}

function median(values) {
  const sorted = values.filter((value) => !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return NaN;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const LABELS = {
  ceiling: "bare node:http (in memory, serialises per request)",
  file: "Pet Store, file store",
  postgres: "Pet Store, PostgreSQL",
};

/** Issue 39's table, and the targets judged on it. */
function printReadsUnderWrites(options, samples) {
  const of = (name, pick) => median(samples.get(name).map(pick));
  const ceilingGet = of("ceiling", (s) => s.get.rps);
  console.log(
    `\n## Reads under writes (issue 39): GET /v1/pets?limit=1..100 on ${READERS} connections, POST /v1/pets on ${WRITERS}\n`,
  );
  console.log(
    `${options.server === "front" ? "npm start (front server)" : "next start"}, features on, ${options.seed} seeded pets, ` +
      `${options.rounds} round(s) × ${options.duration} s, ${pinned ? "servers on core 1, load generator on core 0" : "no CPU pinning"}; medians.\n`,
  );
  console.log(
    "| server | GET r/s | × bare | POST r/s beside it | GET p50 ms | GET p99 ms | POST p99 ms | server CPU µs/req | durable step p50 / p99 ms |",
  );
  console.log("|---|---:|---:|---:|---:|---:|---:|---:|---|");
  for (const name of samples.keys()) {
    const durable = samples.get(name)[0].durable;
    console.log(
      `| ${LABELS[name]} | ${of(name, (s) => s.get.rps).toFixed(0)} | ${(of(name, (s) => s.get.rps) / ceilingGet).toFixed(3)} | ` +
        `${of(name, (s) => s.post.rps).toFixed(0)}${name === "ceiling" ? "" : " (durable)"} | ${of(name, (s) => s.get.p50).toFixed(2)} | ` +
        `${of(name, (s) => s.get.p99).toFixed(2)} | ${of(name, (s) => s.post.p99).toFixed(2)} | ` +
        `${hasProc ? of(name, (s) => s.cpuMicros).toFixed(0) : "-"} | ` +
        `${durable ? `${durable.what} ${of(name, (s) => s.durable.p50).toFixed(2)} / ${of(name, (s) => s.durable.p99).toFixed(2)}` : "-"} |`,
    );
  }
  const bad = [...samples].filter(([, list]) => list.some((s) => s.get.bad + s.post.bad > 0)).map(([name]) => name);
  if (bad.length) console.log(`\nWARNING: non-2xx answers or errors on ${bad.join(", ")}.`);
  judge(samples, of, ceilingGet);
  for (const [name, list] of samples) if (list[0].profile) printProfile(name, list[0]);
}

function judge(samples, of, ceilingGet) {
  const lines = [];
  const verdict = (ok) => (ok ? "met" : "MISSED");
  if (samples.has("file")) {
    const ratio = of("file", (s) => s.get.rps) / ceilingGet;
    const p99 = of("file", (s) => s.get.p99);
    lines.push(
      `file store GET ${ratio.toFixed(3)} × bare (target ≥ ${RW_TARGETS.fileGet}): ${verdict(ratio >= RW_TARGETS.fileGet)}`,
    );
    lines.push(
      `file store GET p99 ${p99.toFixed(2)} ms (target ≤ ${RW_TARGETS.fileP99Ms} ms): ${verdict(p99 <= RW_TARGETS.fileP99Ms)}`,
    );
  }
  if (samples.has("postgres")) {
    const get = of("postgres", (s) => s.get.rps);
    lines.push(
      `PostgreSQL GET ${(get / ceilingGet).toFixed(3)} × bare (target ≥ ${RW_TARGETS.postgresGet}): ${verdict(get / ceilingGet >= RW_TARGETS.postgresGet)}`,
    );
    if (samples.has("file")) {
      const ofFile = get / of("file", (s) => s.get.rps);
      lines.push(
        `PostgreSQL GET ${ofFile.toFixed(3)} × the file store (target ≥ ${RW_TARGETS.postgresOfFile}): ${verdict(ofFile >= RW_TARGETS.postgresOfFile)}`,
      );
    }
  }
  for (const name of ["file", "postgres"]) {
    const durable = samples.get(name)?.[0].durable;
    if (!durable) continue;
    const p50 = of(name, (s) => s.durable.p50);
    lines.push(
      `${LABELS[name]}: durable creates ${of(name, (s) => s.post.rps).toFixed(0)}/s on ${WRITERS} connections; one ${durable.what} takes ` +
        `${p50.toFixed(2)} ms (median) beside the load, so one connection waiting on it alone makes at most ${(1000 / p50).toFixed(0)}/s`,
    );
  }
  console.log("");
  for (const line of lines) console.log(`- ${line}`);
}

function printProfile(name, sample) {
  const { busy, inclusive, byModule, byFunction } = sample.profile;
  const share = (count) => `${((count / busy) * 100).toFixed(1)} %`;
  console.log(`\n### Where ${LABELS[name]}'s CPU went (${busy} busy samples)\n`);
  console.log("Inclusive (the module anywhere on the stack):");
  for (const [module, count] of inclusive.slice(0, 25)) console.log(`- ${module}: ${share(count)}`);
  console.log("\nSelf time by module:");
  for (const [module, count] of byModule.slice(0, 20)) console.log(`- ${module}: ${share(count)}`);
  console.log("\nBy function:");
  for (const [fn, count] of byFunction.slice(0, 25)) console.log(`- ${fn}: ${share(count)}`);
}
