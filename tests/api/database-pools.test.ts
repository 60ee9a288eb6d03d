import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectionsPerInstance, PURPOSES } from "@/lib/store/postgres/pools";
import { prepareOwnStore } from "@/tests/api/support/own-store";
import { png } from "@/tests/api/support/photos";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";

/**
 * One PostgreSQL pool per purpose (docs/decisions/242): a server of the test's own, on a
 * database of its own so that every connection to that database is the server's, is worked
 * through every resource that keeps rows there (pets and their claims, keys, webhooks and
 * their delivery, photos, people, rate limits). Then pg_stat_activity shows at most three
 * purposes, by application_name, and no more connections than the formula in
 * docs/configuration.md allows: PETSTORE_DATABASE_POOL_MAX + background + listeners.
 */

const KEY = "database-pools-key-6c1e9b4d27";
const POOL_MAX = 4;
const own = prepareOwnStore("database-pools");
let server: FrontServerProcess;

beforeAll(async () => {
  server = await startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_DATABASE_POOL_MAX: String(POOL_MAX),
    PETSTORE_API_KEYS: KEY,
    // Counted, never refused: the limits' table is written on every request.
    PETSTORE_RATE_LIMIT: "100000",
  });
}, 90_000);

afterAll(async () => {
  server?.child.kill("SIGTERM");
  await server?.exited;
});

async function send(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const isBytes = Buffer.isBuffer(body);
  const response = await fetch(`http://127.0.0.1:${own.port}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${KEY}`,
      ...(body === undefined ? {} : { "content-type": isBytes ? "image/png" : "application/json" }),
      ...headers,
    },
    body: body === undefined ? undefined : isBytes ? new Uint8Array(body) : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, json: text ? JSON.parse(text) : undefined };
}

/** This database's connections by application_name, the asking one left out. */
async function connectionsByName(): Promise<Map<string, number>> {
  const client = new pg.Client({ connectionString: own.databaseUrl, application_name: "database-pools test" });
  await client.connect();
  try {
    const { rows } = await client.query<{ name: string; count: number }>(
      `SELECT application_name AS name, count(*)::int AS count FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid() GROUP BY application_name`,
    );
    return new Map(rows.map((row) => [row.name, row.count]));
  } finally {
    await client.end();
  }
}

it("holds at most three purposes' connections, within the formula, after every resource has worked", async () => {
  // Pets, with Idempotency-Keys (the claims), many at once so the request pool fills up.
  const created = await Promise.all(
    Array.from({ length: 24 }, (_, i) =>
      send("POST", "/v1/pets", { name: `Pool ${i}`, categoryId: 1 }, { "idempotency-key": `pools-${i}` }),
    ),
  );
  expect(created.map((answer) => answer.status)).toEqual(Array(24).fill(201));
  const petId = created[0]!.json.id as number;
  expect((await send("GET", "/v1/pets?limit=5")).status).toBe(200);
  // Keys, webhooks (delivery then runs in the background), photos, people.
  expect((await send("POST", "/v1/keys", { name: "pools", scopes: ["pets:read"] })).status).toBe(201);
  expect((await send("POST", "/v1/webhooks", { url: "https://example.org/pools" })).status).toBe(201);
  expect((await send("POST", `/v1/pets/${petId}/photos`, await png(64, 48))).status).toBe(201);
  const person = { email: "pools@example.org", name: "Pool Keeper", role: "staff" };
  expect((await send("POST", "/v1/people", person)).status).toBe(201);
  expect((await send("GET", "/v1/people")).status).toBe(200);
  // A pet created after the webhook: its event is fanned out and delivered in the background.
  expect((await send("POST", "/v1/pets", { name: "Announced", categoryId: 1 })).status).toBe(201);
  await Promise.all(Array.from({ length: 24 }, () => send("GET", "/v1/pets?limit=2")));

  const connections = await connectionsByName();
  const names = [...connections.keys()];
  expect(names.length).toBeLessThanOrEqual(3);
  expect(new Set([...names, ...Object.values(PURPOSES)])).toEqual(new Set(Object.values(PURPOSES)));
  expect(connections.get(PURPOSES.requests) ?? 0).toBeGreaterThan(0);
  expect(connections.get(PURPOSES.requests) ?? 0).toBeLessThanOrEqual(POOL_MAX);
  expect(connections.get(PURPOSES.listen)).toBeGreaterThan(0);
  const total = [...connections.values()].reduce((sum, count) => sum + count, 0);
  expect(total).toBeLessThanOrEqual(connectionsPerInstance(POOL_MAX));
}, 60_000);
