/** The benchmark's command line, ports, key and targets: what every other module reads. */
import { randomBytes } from "node:crypto";
import { fileURLToPath } from "node:url";

export const root = fileURLToPath(new URL("../..", import.meta.url));
export const DIST_DIR = ".next-bench";
// BENCH_PORT lets two checkouts benchmark side by side; the ceiling listens two ports up.
export const PORT = Number(process.env.BENCH_PORT || 3103);
export const CEILING_PORT = PORT + 2;
// A fresh key per run: it never needs to live in a file, a log or a URL.
export const KEY = `bench-${randomBytes(12).toString("hex")}`;
// Issue 13's targets: × the ceiling and × Next's floor (judged on CPU ratios where /proc
// exists), and GET p99 at most 3 × its p50.
// Issue 21 adds POST ≥ 0.12 × the ceiling (on either store).
export const TARGETS = {
  GET: { ceiling: 0.25, floor: 5, tail: 3 },
  POST: { ceiling: 0.12, floor: 3 },
};
// Issue 9's targets: the application's CPU per request on PostgreSQL ÷ on the file store.
export const ADAPTER_TARGETS = { GET: 1.3, POST: 1.5 };
// Issue 21's target: GET /v1/pets?limit=20's req/s on PostgreSQL ÷ on the file store, same run.
export const ADAPTER_RPS_TARGETS = { GET: 0.5 };
// Issue 11's target: GET /v1/pets's server CPU per request with key lookup, rate limiting and
// idempotency on ÷ off.
export const FEATURE_TARGETS = { GET: 1.1 };
export const DEFAULT_ADMIN_DATABASE_URL = "postgres://postgres@127.0.0.1:5432/postgres";

const DEFAULTS = {
  build: true,
  server: "front",
  adapter: "file",
  features: "on",
  rounds: 3,
  duration: 10,
  warmup: 2,
  connections: 32,
  seed: 3000,
  instances: true,
  eventShare: true,
  instanceConnections: 64,
  workload: "routes",
  cpuProf: false,
};
// Issue 39's workload (--workload reads-under-writes) has its own defaults, unless given.
const READS_UNDER_WRITES_DEFAULTS = { adapter: "both", rounds: 1, duration: 8, seed: 1000 };
const CHOICES = {
  "--server": ["front", "next"],
  "--adapter": ["file", "postgres", "both"],
  "--features": ["on", "off", "both"],
  "--workload": ["routes", "reads-under-writes"],
};
const NUMBERS = ["--rounds", "--duration", "--warmup", "--connections", "--seed", "--instance-connections"];

export function parseArgs(args) {
  const result = { ...DEFAULTS };
  const given = new Set();
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg === "--no-build") result.build = false;
    else if (arg === "--no-instances") result.instances = false;
    else if (arg === "--no-event-share") result.eventShare = false;
    else if (arg === "--cpu-prof") result.cpuProf = true;
    else if (arg in CHOICES) {
      const value = args[++i];
      if (!CHOICES[arg].includes(value)) throw new Error(`${arg} is one of ${CHOICES[arg].join(", ")}`);
      result[arg.slice(2)] = value;
      given.add(arg.slice(2));
    } else if (NUMBERS.includes(arg)) {
      const value = Number(args[++i]);
      if (!Number.isFinite(value) || value < 0) throw new Error(`${arg} needs a number`);
      result[arg === "--instance-connections" ? "instanceConnections" : arg.slice(2)] = value;
      given.add(arg.slice(2));
    } else throw new Error(`unknown argument ${arg}`);
  }
  if (result.workload === "reads-under-writes") {
    for (const [name, value] of Object.entries(READS_UNDER_WRITES_DEFAULTS)) if (!given.has(name)) result[name] = value;
  }
  if (result.rounds < 1) throw new Error("--rounds needs at least 1");
  return result;
}

/** The adapters to measure, in order: the file store first, the reference for the ratio. */
export function adaptersOf(options) {
  return options.adapter === "both" ? ["file", "postgres"] : [options.adapter];
}

export function log(message) {
  console.error(`[bench-api] ${message}`);
}
