import { createHash } from "node:crypto";
import { afterAll, afterEach, expect, inject, it } from "vitest";
import { startFrontServer, type FrontServerProcess } from "@/tests/support/front-server-process";
import { prepareOwnStore } from "@/tests/api/support/own-store";

/**
 * Issue 20, finding 9: a PETSTORE_API_KEYS entry is known by an id derived from the key
 * itself, never by its position. Removing the first entry and restarting must not hand
 * the second key the first key's identity: its Idempotency-Key answers, its rate-limit
 * bucket, its name in /v1/me and in the access log. A server of the test's own, on the
 * store the suite runs on.
 */

const FIRST = "identity-first-key-3b8e1f0c7a";
const SECOND = "identity-second-key-6d2a9c4e1b";

const own = prepareOwnStore("key-identity");
let server: FrontServerProcess | undefined;

// A failed assertion leaves its server running: stop it, or the next test would talk to it.
afterEach(async () => {
  const child = server?.child;
  if (server && child && child.exitCode === null && child.signalCode === null) await stop(server);
});

afterAll(async () => {});

async function start(keys: string[], rateLimit = "0"): Promise<FrontServerProcess> {
  return startFrontServer(own.port, {
    PETSTORE_DATA_DIR: own.dataDir,
    PETSTORE_DATABASE_URL: own.databaseUrl,
    PETSTORE_API_KEYS: keys.join(","),
    PETSTORE_RATE_LIMIT: rateLimit,
  });
}

async function stop(process: FrontServerProcess): Promise<void> {
  process.child.kill("SIGTERM");
  await process.exited;
}

async function call(key: string, pathname: string, init: { body?: object; idempotencyKey?: string } = {}) {
  const response = await fetch(`http://127.0.0.1:${own.port}${pathname}`, {
    method: init.body ? "POST" : "GET",
    headers: {
      authorization: `Bearer ${key}`,
      ...(init.body ? { "content-type": "application/json" } : {}),
      ...(init.idempotencyKey ? { "idempotency-key": `"${init.idempotencyKey}"` } : {}),
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return { status: response.status, headers: response.headers, json: (await response.json()) as any };
}

/** The keyId of every access line for `route` the server printed. */
function loggedKeyIds(server: FrontServerProcess, route: string): string[] {
  return server
    .output()
    .split("\n")
    .flatMap((line) => {
      try {
        const entry = JSON.parse(line) as { route?: string; keyId?: string };
        return entry.route === route && entry.keyId ? [entry.keyId] : [];
      } catch {
        return [];
      }
    });
}

it("keeps each configured key's identity when an entry before it is removed", async () => {
  const body = { name: "Identity", categoryId: 1 };
  server = await start([FIRST, SECOND]);
  const first = await call(FIRST, "/v1/pets", { body, idempotencyKey: "same-key-for-both" });
  expect(first.status).toBe(201);
  const me = await call(SECOND, "/v1/me");
  expect(me.status).toBe(200);
  await stop(server); // access lines leave in batches: all are out once it has exited
  const secondIds = loggedKeyIds(server, "/v1/me");

  server = await start([SECOND]);
  const second = await call(SECOND, "/v1/pets", { body, idempotencyKey: "same-key-for-both" });
  expect(second.status).toBe(201);
  expect(second.json.id, "the first key's answer was replayed to the second").not.toBe(first.json.id);
  const meAgain = await call(SECOND, "/v1/me");
  expect(meAgain.json).toEqual(me.json);
  await stop(server);
  const secondIdsAgain = loggedKeyIds(server, "/v1/me");

  expect(secondIds).toHaveLength(1);
  expect(secondIdsAgain).toEqual(secondIds);
  const expected = `env-${createHash("sha256").update(SECOND).digest("hex").slice(0, 12)}`;
  expect(secondIds[0]).toBe(expected);
  expect(me.json.name).toBe(`PETSTORE_API_KEYS key ${expected}`);
}, 120_000);

// Only PostgreSQL keeps rate-limit buckets across a restart; in memory they start afresh.
it.runIf(inject("databaseUrl"))(
  "keeps each configured key's rate-limit bucket when an entry before it is removed",
  async () => {
    server = await start([FIRST, SECOND], "3");
    for (let i = 0; i < 3; i++) expect((await call(FIRST, "/v1/me")).status).toBe(200);
    expect((await call(FIRST, "/v1/me")).status).toBe(429);
    await stop(server);

    server = await start([SECOND], "3");
    const answer = await call(SECOND, "/v1/me");
    await stop(server);
    expect(answer.status, "the second key inherited the first key's spent bucket").toBe(200);
  },
  120_000,
);
