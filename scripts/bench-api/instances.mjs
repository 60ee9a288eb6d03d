/**
 * Issue 21: two instances behind one PostgreSQL database against one, at the same total
 * load (c=64 by default: 64 connections on one, 32 on each of two). Both instances run on
 * the server core (core 1), as the one does: on this two-core machine the comparison shows
 * what sharing costs (the rate limiter's flushes, each write's NOTIFY emptying the other's
 * caches), not how throughput grows with cores. The database's own CPU per request is read
 * from its backends, as in the main table.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { databaseTicks, databaseTicksBetween, hasProc, microsPerRequest } from "./cpu.mjs";
import { newPetBody } from "./load.mjs";
import { postHeaders } from "./features.mjs";
import { PORT, log } from "./options.mjs";
import { startApp, stopServer } from "./servers.mjs";

export const SECOND_PORT = PORT + 1;

const ROUTES = [
  { name: "GET /v1/pets?limit=20", method: "GET", path: "/v1/pets?limit=20" },
  { name: "POST /v1/pets", method: "POST", path: "/v1/pets" },
];

function load(port, route, key, features, connections, duration) {
  const headers = { authorization: `Bearer ${key}` };
  const request = { method: route.method, path: route.path, headers };
  if (route.method === "POST") {
    headers["content-type"] = "application/json";
    request.setupRequest = (req) => ({
      ...req,
      body: newPetBody(),
      headers: { ...req.headers, ...postHeaders(features) },
    });
  }
  return autocannon({ url: `http://127.0.0.1:${port}`, connections, duration, requests: [request] });
}

/** req/s and database µs per request with the load split evenly over `ports`. */
async function run(ports, route, { options, database, key, features }) {
  const connections = Math.max(1, Math.floor(options.instanceConnections / ports.length));
  const before = await databaseTicks(database);
  const results = await Promise.all(
    ports.map((port) => load(port, route, key, features, connections, options.duration)),
  );
  const after = await databaseTicks(database);
  const requests = results.reduce((sum, result) => sum + result.requests.total, 0);
  const bad = results.reduce((sum, result) => sum + result.non2xx + result.errors + result.timeouts, 0);
  return {
    rps: results.reduce((sum, result) => sum + result.requests.average, 0),
    dbCpuMicros: microsPerRequest(databaseTicksBetween(before, after), requests),
    bad,
  };
}

/** Measures one instance (the one already running on PORT), then two; prints the table and returns its figures. */
export async function measureInstances(context, servers) {
  const { options, database, features } = context;
  const one = new Map();
  const two = new Map();
  for (const route of ROUTES) one.set(route, await run([PORT], route, context));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-bench-second-"));
  try {
    servers.second = await startApp(options, dataDir, database.url, context.serverEnv, SECOND_PORT);
    for (const route of ROUTES) {
      await load(SECOND_PORT, route, context.key, features, 8, options.warmup || 1); // warm its JIT and caches
      two.set(route, await run([PORT, SECOND_PORT], route, context));
    }
  } finally {
    await stopServer(servers.second);
    delete servers.second;
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  const show = (value) => (hasProc && !Number.isNaN(value) ? value.toFixed(0) : "-");
  const lines = [
    "",
    `## Two instances on one PostgreSQL database against one, ${options.instanceConnections} connections in all (issue 21)`,
    "",
    "Both instances run on the server core, as the one does: the ratio is what sharing the database costs, not scaling across cores.",
    "",
    "| route | one instance req/s | two instances req/s | two ÷ one | database CPU µs/req, one | database CPU µs/req, two |",
    "|---|---:|---:|---:|---:|---:|",
  ];
  for (const route of ROUTES) {
    const a = one.get(route);
    const b = two.get(route);
    const warning = a.bad || b.bad ? ` (WARNING: ${a.bad + b.bad} non-2xx/errors)` : "";
    lines.push(
      `| ${route.name} | ${a.rps.toFixed(0)} | ${b.rps.toFixed(0)} | ${(b.rps / a.rps).toFixed(3)} | ${show(a.dbCpuMicros)} | ${show(b.dbCpuMicros)} |${warning}`,
    );
    log(`instances ${route.name}: one ${a.rps.toFixed(0)} req/s, two ${b.rps.toFixed(0)} req/s`);
  }
  console.log(lines.join("\n"));
  return {
    connections: options.instanceConnections,
    routes: ROUTES.map((route) => ({ name: route.name, one: one.get(route), two: two.get(route) })),
  };
}
