/** Seeding, and the measured runs: autocannon against each route, alternating, in rounds. */
import autocannon from "autocannon";
import { databaseTicks, databaseTicksBetween, hasProc, microsPerRequest, processGroupTicks } from "./cpu.mjs";
import { postHeaders } from "./features.mjs";
import { CEILING_PORT, KEY, PORT, log } from "./options.mjs";
import { encodings, routes } from "./routes.mjs";

const statuses = ["available", "pending", "sold"];
let petCounter = 0;

export function newPetBody() {
  const n = petCounter++;
  return JSON.stringify({ name: `Bench pet ${n}`, categoryId: (n % 50) + 1, status: statuses[n % 3] });
}

/** `count` pets through POST /v1/pets, 32 at a time; each adapter gets the same pets. */
export async function seed(count, port = PORT) {
  log(`seeding ${count} pets`);
  petCounter = 0;
  let next = 0;
  const worker = async () => {
    while (next < count) {
      next++;
      const response = await fetch(`http://127.0.0.1:${port}/v1/pets`, {
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

/**
 * Available pets for the order route, lent one at a time: a connection takes one to place an
 * order and gives it back once the cancel made it available again. (autocannon resets a
 * connection's context on every pass through its requests, so the pet cannot live there.)
 */
let freePets = [];
let orderPets = [];

async function call(method, path, body) {
  const response = await fetch(`http://127.0.0.1:${PORT}${path}`, {
    method,
    headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = await response.json();
  if (!response.ok) throw new Error(`seeding orders: ${method} ${path} answered ${response.status}`);
  return json;
}

export async function seedOrders(connections) {
  orderPets = [];
  for (let i = 0; i < connections; i++) {
    orderPets.push((await call("POST", "/v1/pets", { name: `Bench adoptee ${i}`, categoryId: 1 })).id);
  }
  for (let i = 0; i < 200; i++) {
    const order = await call("POST", "/v1/store/orders", { petId: orderPets[i % orderPets.length], adopter: "Bench" });
    await call("PATCH", `/v1/store/orders/${order.id}`, { status: "cancelled" });
  }
}

/**
 * A run cut between a place and its cancel leaves a pet pending: cancel what is open first.
 * A cancel still in flight from the run may get there first; its 409 is that, not a fault.
 */
async function cancelOpenOrders() {
  // Requests the last run left in flight land first, so the listing below sees them.
  await new Promise((resolve) => setTimeout(resolve, 500));
  for (const status of ["placed", "approved"]) {
    for (const order of await call("GET", `/v1/store/orders?status=${status}&limit=100`)) {
      const response = await fetch(`http://127.0.0.1:${PORT}/v1/store/orders/${order.id}`, {
        method: "PATCH",
        headers: { authorization: `Bearer ${KEY}`, "content-type": "application/json" },
        body: '{"status":"cancelled"}',
      });
      await response.arrayBuffer();
      if (!response.ok && response.status !== 409) throw new Error(`cancelling order ${order.id}: ${response.status}`);
    }
  }
  freePets = [...orderPets]; // every bench pet is available again
}

/** Each connection places an order for its own pet, then cancels it, over and over. */
function orderRequests(headers) {
  const json = { ...headers, "content-type": "application/json" };
  return [
    {
      method: "POST",
      path: "/v1/store/orders",
      headers: json,
      setupRequest: (req, context) => {
        context.petId = freePets.shift();
        return { ...req, body: JSON.stringify({ petId: context.petId, adopter: "Bench" }) };
      },
      onResponse: (status, body, context) => {
        context.orderId = status === 201 ? JSON.parse(body).id : 0;
        if (status !== 201) freePets.push(context.petId);
      },
    },
    {
      method: "PATCH",
      headers: json,
      body: '{"status":"cancelled"}',
      setupRequest: (req, context) => ({ ...req, path: `/v1/store/orders/${context.orderId}` }),
      onResponse: (status, _body, context) => {
        if (context.orderId && status === 200) freePets.push(context.petId);
      },
    },
  ];
}

/** context.key: the key requests send; context.features: "on" adds an Idempotency-Key to each POST. */
function load(route, encoding, { options, key, features }, duration) {
  const headers = { ...encoding.headers };
  if (route.server === "app" && !route.floor) headers.authorization = `Bearer ${key}`;
  const request = { method: route.method, path: route.path, headers };
  if (route.order) {
    return autocannon({
      url: `http://127.0.0.1:${PORT}`,
      connections: Math.min(options.connections, freePets.length),
      duration,
      requests: orderRequests(headers),
    });
  }
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
  if (route.order) await cancelOpenOrders();
  const before = hasProc ? processGroupTicks(server) : 0;
  const dbBefore = await databaseTicks(watched);
  const run = load(route, encoding, context, options.duration);
  const latencies = recordLatencies(run);
  const result = await run;
  const ticks = hasProc ? processGroupTicks(server) - before : NaN;
  const dbAfter = await databaseTicks(watched);
  const requests = result.requests.total;
  return {
    cpuMicros: microsPerRequest(ticks, requests),
    dbCpuMicros: microsPerRequest(databaseTicksBetween(dbBefore, dbAfter), requests),
    rps: result.requests.average,
    p50: percentile(latencies, 0.5),
    p99: percentile(latencies, 0.99),
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

/**
 * Every answered request's latency in milliseconds, to the microsecond. autocannon's own
 * percentiles come from a histogram of whole milliseconds, which cannot judge "p99 at most
 * 3 × p50" once p50 is a millisecond or two (a 1.9 ms p50 reads as 1).
 */
function recordLatencies(run) {
  const latencies = [];
  run.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode < 400) latencies.push(responseTime);
  });
  return latencies;
}

/** The nearest-rank percentile of `values` (0 < p ≤ 1); NaN when there are none. */
function percentile(values, p) {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)];
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
        if (round === 1 && options.warmup > 0) {
          if (route.order) await cancelOpenOrders();
          await load(route, encoding, context, options.warmup);
        }
        const sample = await runMeasured(route, encoding, context);
        samples.get(route).get(encoding).push(sample);
        log(
          `round ${round} ${encoding.name.padEnd(8)} ${route.name.padEnd(36)} ${sample.rps.toFixed(0).padStart(6)} req/s  p50 ${sample.p50.toFixed(2)} ms  p99 ${sample.p99.toFixed(2)} ms  ${sample.cpuMicros.toFixed(0)} µs CPU/req` +
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
