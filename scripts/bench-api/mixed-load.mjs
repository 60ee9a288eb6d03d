/**
 * Issue 39's mixed load: readers listing `GET /v1/pets?limit=N` with N cycling 1..100 on
 * some connections while writers create pets (POST /v1/pets) on others, both at once, from
 * this process (pinned to the load generator's core). Two autocannon instances share the
 * run; each answered request's latency is kept to the microsecond, as load.mjs does.
 */
import autocannon from "autocannon";
import { postHeaders } from "./features.mjs";
import { newPetBody } from "./load.mjs";

const MAX_LIMIT = 100;

/** `{ port, key?, features, readers, writers, duration }` → `{ get, post }`, each `{ rps, p50, p99, requests, bad }`. */
export async function mixedLoad({ port, key, features, readers, writers, duration }) {
  const auth = key ? { authorization: `Bearer ${key}` } : {};
  let n = 0;
  const reads = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: readers,
    duration,
    requests: [
      {
        method: "GET",
        headers: auth,
        setupRequest: (req) => ({ ...req, path: `/v1/pets?limit=${(n++ % MAX_LIMIT) + 1}` }),
      },
    ],
  });
  const writes = autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: writers,
    duration,
    requests: [
      {
        method: "POST",
        path: "/v1/pets",
        headers: { ...auth, "content-type": "application/json" },
        setupRequest: (req) => ({ ...req, body: newPetBody(), headers: { ...req.headers, ...postHeaders(features) } }),
      },
    ],
  });
  const readLatencies = latenciesOf(reads);
  const writeLatencies = latenciesOf(writes);
  const [read, write] = await Promise.all([reads, writes]);
  return { get: summary(read, readLatencies), post: summary(write, writeLatencies) };
}

function latenciesOf(run) {
  const latencies = [];
  run.on("response", (_client, statusCode, _bytes, responseTime) => {
    if (statusCode < 400) latencies.push(responseTime);
  });
  return latencies;
}

function summary(result, latencies) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN);
  return {
    rps: result.requests.average,
    requests: result.requests.total,
    p50: at(0.5),
    p99: at(0.99),
    bad: result.non2xx + result.errors + result.timeouts,
  };
}
