/**
 * The result tables: each route against the ceiling and the floor, PostgreSQL against the file
 * store, and issue 11's features on against off.
 */
import { hasProc } from "./cpu.mjs";
import { ADAPTER_RPS_TARGETS, ADAPTER_TARGETS, FEATURE_TARGETS } from "./options.mjs";
import { encodings, routes } from "./routes.mjs";

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const medianOf = (samples, route, encoding, key) =>
  median(
    samples
      .get(route)
      .get(encoding)
      .map((s) => s[key]),
  );

/** Truncated, not rounded, so a printed 0.25 never hides a 0.2498 that fails. */
function ratioDown(value) {
  return Math.floor(value * 1000) / 1000;
}

/** Rounded up, so a printed 1.30 never hides a 1.3004 that fails. */
function ratioUp(value) {
  return Math.ceil(value * 1000) / 1000;
}

/** Issue 13's table for one adapter; returns the number of targets missed. */
export function printTable(samples, { options, adapter, pinned }) {
  const onPostgres = adapter === "postgres";
  const lines = [
    `API benchmark (/v1 through ${options.server === "front" ? "npm start, the front server" : "next start"}, ${onPostgres ? "PostgreSQL store" : "file store"}): ` +
      `${options.rounds} round(s) × ${options.duration} s per run, ${options.connections} connections, ${options.seed} seeded pets, ` +
      `${pinned ? "servers on core 1, autocannon on core 0" : "no CPU pinning"}; medians.`,
    "",
    `| route | encoding | req/s | p50 ms | p99 ms | req/s × ceiling | req/s × floor | server CPU µs/req | CPU × ceiling | CPU × floor |${onPostgres ? " database CPU µs/req |" : ""} targets | result |`,
    `|---|---|---:|---:|---:|---:|---:|---:|---:|---:|${onPostgres ? "---:|" : ""}---|---|`,
  ];
  let warnings = 0;
  let failures = 0;
  const ceilingRoute = routes.find((route) => route.ceiling);
  const floorRoute = routes.find((route) => route.floor);
  const show = (value, digits) => (hasProc && !Number.isNaN(value) ? value.toFixed(digits) : "-");
  for (const encoding of encodings) {
    const of = (route, key) => medianOf(samples, route, encoding, key);
    const ceiling = { rps: of(ceilingRoute, "rps"), cpu: of(ceilingRoute, "cpuMicros") };
    const floor = { rps: of(floorRoute, "rps"), cpu: of(floorRoute, "cpuMicros") };
    for (const route of routes) {
      const [rps, cpu, p50, p99] = ["rps", "cpuMicros", "p50", "p99"].map((key) => of(route, key));
      const bad = samples
        .get(route)
        .get(encoding)
        .reduce((sum, s) => sum + s.non2xx + s.errors, 0);
      if (bad > 0) warnings++;
      const rpsRatios = { ceiling: ratioDown(rps / ceiling.rps), floor: ratioDown(rps / floor.rps) };
      // Throughput-equivalent: the reference's CPU per request over this route's.
      const cpuRatios = { ceiling: ratioDown(ceiling.cpu / cpu), floor: ratioDown(floor.cpu / cpu) };
      const decisive = hasProc ? cpuRatios : rpsRatios;
      const checks = [];
      if (route.target?.ceiling)
        checks.push([`≥ ${route.target.ceiling} × ceiling`, decisive.ceiling >= route.target.ceiling]);
      if (route.target?.floor) checks.push([`≥ ${route.target.floor} × floor`, decisive.floor >= route.target.floor]);
      if (route.target?.tail) checks.push([`p99 ≤ ${route.target.tail} × p50`, p99 <= route.target.tail * p50]);
      const missed = checks.filter(([, ok]) => !ok).map(([label]) => label);
      failures += missed.length;
      const targets = checks.map(([label]) => label).join(", ") || "-";
      const result = checks.length === 0 ? "-" : missed.length ? `FAIL (${missed.join(", ")})` : "pass";
      const database = onPostgres ? ` ${show(of(route, "dbCpuMicros"), 0)} |` : "";
      lines.push(
        `| ${route.name} | ${encoding.name} | ${rps.toFixed(0)} | ${p50.toFixed(2)} | ${p99.toFixed(2)} | ${rpsRatios.ceiling.toFixed(3)} | ${rpsRatios.floor.toFixed(3)} | ` +
          `${show(cpu, 0)} | ${show(cpuRatios.ceiling, 3)} | ${show(cpuRatios.floor, 3)} |${database} ${targets} | ${result}${bad ? ` (WARNING: ${bad} non-2xx/errors)` : ""} |`,
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
  return failures;
}

/**
 * Issue 9's table: per /v1 route, the application process's CPU per request on PostgreSQL
 * over the file store's, against ADAPTER_TARGETS. The database's own CPU is shown beside it
 * but not counted: the targets are about what the adapter costs the application.
 * Returns the number of targets missed.
 */
export function printAdapterComparison(file, postgres) {
  const lines = [
    "",
    "## PostgreSQL ÷ file store, server (application) CPU per request",
    "",
    "| route | encoding | file µs/req | PostgreSQL µs/req | ratio | target | result | database µs/req | file req/s | PostgreSQL req/s | PostgreSQL ÷ file req/s | target | result |",
    "|---|---|---:|---:|---:|---:|---|---:|---:|---:|---:|---:|---|",
  ];
  let failures = 0;
  // The ceiling does not run the app, and the floor does not touch the store.
  for (const route of routes.filter((r) => r.server === "app" && !r.floor)) {
    for (const encoding of encodings) {
      const fileCpu = medianOf(file, route, encoding, "cpuMicros");
      const pgCpu = medianOf(postgres, route, encoding, "cpuMicros");
      const dbCpu = medianOf(postgres, route, encoding, "dbCpuMicros");
      const ratio = ratioUp(pgCpu / fileCpu);
      const target = ADAPTER_TARGETS[route.method];
      const pass = ratio <= target;
      if (!pass) failures++;
      // Issue 21: PostgreSQL's throughput beside the file store's, in this same run.
      const fileRps = medianOf(file, route, encoding, "rps");
      const pgRps = medianOf(postgres, route, encoding, "rps");
      const rpsRatio = ratioDown(pgRps / fileRps);
      const rpsTarget = route.path === "/v1/pets?limit=20" ? ADAPTER_RPS_TARGETS[route.method] : undefined;
      const rpsPass = rpsTarget === undefined || rpsRatio >= rpsTarget;
      if (!rpsPass) failures++;
      lines.push(
        `| ${route.name} | ${encoding.name} | ${fileCpu.toFixed(0)} | ${pgCpu.toFixed(0)} | ${ratio.toFixed(3)} | ≤ ${target.toFixed(2)} | ${pass ? "pass" : "FAIL"} | ${Number.isNaN(dbCpu) ? "-" : dbCpu.toFixed(0)} | ` +
          `${fileRps.toFixed(0)} | ${pgRps.toFixed(0)} | ${rpsRatio.toFixed(3)} | ${rpsTarget === undefined ? "-" : `≥ ${rpsTarget}`} | ${rpsTarget === undefined ? "-" : rpsPass ? "pass" : "FAIL"} |`,
      );
    }
  }
  console.log(lines.join("\n"));
  if (failures) console.log(`\n${failures} PostgreSQL target(s) missed.`);
  return failures;
}

/**
 * Issue 11's table for one adapter: per /v1 route, the server's CPU per request with key
 * lookup, rate limiting and idempotency on over off. Only GET /v1/pets?limit=20 has a target
 * (FEATURE_TARGETS); the others are shown for what they cost. Returns the number missed.
 */
export function printFeatureComparison(adapter, off, on) {
  const lines = [
    "",
    `## ${adapter === "postgres" ? "PostgreSQL" : "file"} store: features on ÷ off, server CPU per request (issue 11: key lookup, rate limit, idempotency)`,
    "",
    "| route | encoding | off µs/req | on µs/req | ratio | target | result |",
    "|---|---|---:|---:|---:|---:|---|",
  ];
  let failures = 0;
  for (const route of routes.filter((r) => r.server === "app" && !r.floor)) {
    for (const encoding of encodings) {
      const offCpu = medianOf(off, route, encoding, "cpuMicros");
      const onCpu = medianOf(on, route, encoding, "cpuMicros");
      const ratio = ratioUp(onCpu / offCpu);
      const target = route.path === "/v1/pets?limit=20" ? FEATURE_TARGETS[route.method] : undefined;
      const pass = target === undefined || ratio <= target;
      if (!pass) failures++;
      lines.push(
        `| ${route.name} | ${encoding.name} | ${offCpu.toFixed(0)} | ${onCpu.toFixed(0)} | ${ratio.toFixed(3)} | ${target === undefined ? "-" : `≤ ${target.toFixed(2)}`} | ${target === undefined ? "-" : pass ? "pass" : "FAIL"} |`,
      );
    }
  }
  console.log(lines.join("\n"));
  if (failures) console.log(`\n${failures} route(s) above the features' CPU target.`);
  return failures;
}
