/** Seeding, and the measured runs: autocannon against each route, alternating, in rounds. */
import autocannon from "autocannon";
import { databaseTicks, databaseTicksBetween, hasProc, microsPerRequest, processGroupTicks } from "./cpu.mjs";
import { postHeaders } from "./features.mjs";
import { CEILING_PORT, KEY, PORT, log } from "./options.mjs";
import { encodings, routes } from "./routes.mjs";

const statuses = ["available", "pending", "sold"];
let petCounter = 0;

function newPetBody() {
  const n = petCounter++;
  return JSON.stringify({ name: `Bench pet ${n}`, categoryId: (n % 50) + 1, status: statuses[n % 3] });
}

/** `count` pets through POST /v1/pets, 32 at a time; each adapter gets the same pets. */
export async function seed(count) {
  log(`seeding ${count} pets`);
  petCounter = 0;
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

/** context.key: the key requests send; context.features: "on" adds an Idempotency-Key to each POST. */
function load(route, encoding, { options, key, features }, duration) {
  const headers = { ...encoding.headers };
  if (route.server === "app" && !route.floor) headers.authorization = `Bearer ${key}`;
  const request = { method: route.method, path: route.path, headers };
  if (route.method === "POST") {
    headers["content-type"] = "application/json";
    // A new pet per request, like real clients; the body is built before sending.
    request.setupRequest = (req) => ({
      ...req,
      body: newPetBody(),
      headers: { ...req.headers, ...postHeaders(features) },
    });
  }
  return autocannon({
    url: `http://127.0.0.1:${route.server === "app" ? PORT : CEILING_PORT}`,
    connections: options.connections,
    duration,
    requests: [request],
  });
}

/** One run, with the server's CPU per request and, on PostgreSQL, its backends'. */
async function runMeasured(route, encoding, context) {
  const { options, servers, database } = context;
  const server = servers[route.server];
  // The ceiling has no database; its backends' CPU meanwhile belongs to nobody's requests.
  const watched = route.server === "app" ? database : undefined;
  const before = hasProc ? processGroupTicks(server) : 0;
  const dbBefore = await databaseTicks(watched);
  const result = await load(route, encoding, context, options.duration);
  const ticks = hasProc ? processGroupTicks(server) - before : NaN;
  const dbAfter = await databaseTicks(watched);
  const requests = result.requests.total;
  return {
    cpuMicros: microsPerRequest(ticks, requests),
    dbCpuMicros: microsPerRequest(databaseTicksBetween(dbBefore, dbAfter), requests),
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * samples[route][encoding] = [sample per round]. Runs alternate, and each round reverses the
 * order, so drift (thermal, page cache, the store growing with every POST) lands on both
 * sides of a ratio.
 */
export async function measure(context) {
  const { options } = context;
  const samples = new Map(routes.map((route) => [route, new Map(encodings.map((e) => [e, []]))]));
  for (let round = 1; round <= options.rounds; round++) {
    const order = round % 2 === 1 ? routes : [...routes].reverse();
    for (const encoding of round % 2 === 1 ? encodings : [...encodings].reverse()) {
      for (const route of order) {
        // Warm-up (JIT, store caches) once per route and encoding; later rounds start warm.
        if (round === 1 && options.warmup > 0) await load(route, encoding, context, options.warmup);
        const sample = await runMeasured(route, encoding, context);
        samples.get(route).get(encoding).push(sample);
        log(
          `round ${round} ${encoding.name.padEnd(8)} ${route.name.padEnd(36)} ${sample.rps.toFixed(0).padStart(6)} req/s  p50 ${sample.p50} ms  p99 ${sample.p99} ms  ${sample.cpuMicros.toFixed(0)} µs CPU/req` +
            (Number.isNaN(sample.dbCpuMicros) ? "" : `  (database ${sample.dbCpuMicros.toFixed(0)} µs/req)`) +
            (sample.non2xx || sample.errors
              ? `  WARNING: ${sample.non2xx} non-2xx, ${sample.errors} errors/timeouts`
              : ""),
        );
      }
    }
  }
  return samples;
}
