import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { issueKey, revokeKey } from "@/lib/keys/key-admin";
import { openFileKeyStore } from "@/lib/keys/file-key-store";
import type { KeyStore } from "@/lib/keys/key-store";
import { openPostgresKeyStore } from "@/lib/keys/postgres-key-store";
import { createTestDatabase, findTestServer, type TestServer } from "@/tests/support/test-postgres";
import { API_KEY, startInstance, type Instance } from "./instance";

/**
 * Issued keys, rate limits and Idempotency-Key across processes: two instances on one
 * PostgreSQL database share one quota and see a revocation within a second; a pet
 * acknowledged just before SIGKILL is what a retry after the restart gets, on either store.
 */
const LIMITS = {
  PETSTORE_RATE_LIMIT: "5",
  // An hour: a test never straddles two windows by bad luck (windows align to the clock).
  PETSTORE_RATE_LIMIT_WINDOW_SECONDS: "3600",
  PETSTORE_AUTH_FAILURE_LIMIT: "3",
  // The test stands in for a proxy: its X-Forwarded-For names the client (docs/decisions/125).
  PETSTORE_TRUSTED_PROXIES: "127.0.0.1",
};

interface Reply {
  status: number;
  headers: Headers;
  body: any;
}

async function send(
  instance: Instance,
  key: string,
  init: { body?: unknown; idempotencyKey?: string; address?: string; path?: string } = {},
): Promise<Reply> {
  const response = await fetch(instance.baseUrl + (init.path ?? "/v1/pets?limit=100"), {
    method: init.body === undefined ? "GET" : "POST",
    headers: {
      Authorization: `Bearer ${key}`,
      ...(init.body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(init.idempotencyKey ? { "Idempotency-Key": init.idempotencyKey } : {}),
      ...(init.address ? { "X-Forwarded-For": init.address } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
    signal: AbortSignal.timeout(15_000),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

async function withKeys<T>(open: () => KeyStore, action: (store: KeyStore) => Promise<T>): Promise<T> {
  const store = open();
  try {
    return await action(store);
  } finally {
    await store.close();
  }
}

function expectRateLimited(reply: Reply, policy: string) {
  expect(reply.status).toBe(429);
  expect(reply.body).toMatchObject({ code: "rate_limited", status: 429 });
  const retryAfter = Number(reply.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(reply.headers.get("ratelimit")).toBe(`"${policy}";r=0;t=${retryAfter}`);
  expect(reply.headers.get("ratelimit-policy")).toMatch(new RegExp(`^"${policy}";q=\\d+;w=3600$`));
}

describe("two instances on one PostgreSQL database", () => {
  let server: TestServer;
  let databaseUrl: string;
  let drop: () => Promise<void>;
  let a: Instance;
  let b: Instance;
  const keys = () => openPostgresKeyStore({ connectionString: databaseUrl });

  beforeAll(async () => {
    server = await findTestServer();
    ({ url: databaseUrl, drop } = await createTestDatabase(server.adminUrl));
    a = await startInstance("keys-a", databaseUrl, { env: LIMITS });
    b = await startInstance("keys-b", databaseUrl, { env: LIMITS });
  });

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await drop?.();
    await server?.stop();
  });

  it("share one quota per key: the sixth request, on either instance, is a 429", async () => {
    const { key } = await withKeys(keys, (store) => issueKey(store, { name: "quota", scopes: ["pets:read"] }));
    await sleep(600);
    const replies: Reply[] = [];
    for (let i = 0; i < 5; i++) replies.push(await send(i % 2 ? b : a, key));
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200, 200, 200]);
    expect(replies.map((reply) => /;r=(\d+);/.exec(reply.headers.get("ratelimit") ?? "")?.[1])).toEqual([
      "4",
      "3",
      "2",
      "1",
      "0",
    ]);
    expectRateLimited(await send(b, key), "per-key");
    expectRateLimited(await send(a, key), "per-key");
  });

  it("limit failed authentications per address; then even a good key from it is refused", async () => {
    const { key } = await withKeys(keys, (store) => issueKey(store, { name: "victim", scopes: ["pets:read"] }));
    await sleep(600);
    const address = "198.51.100.23";
    const statuses = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await send(i % 2 ? b : a, `wrong-guess-${i}-0123456789`, { address })).status);
    expect(statuses).toEqual([401, 401, 401]);
    expectRateLimited(await send(a, "wrong-guess-3-0123456789", { address }), "failed-auth");
    expectRateLimited(await send(a, key, { address }), "failed-auth");
    // Another address is not affected.
    expect((await send(a, key, { address: "198.51.100.24" })).status).toBe(200);
  });

  it("see a revocation within one second on every instance", async () => {
    const { key, record } = await withKeys(keys, (store) =>
      issueKey(store, { name: "revoked", scopes: ["pets:read", "pets:write"] }),
    );
    await sleep(600);
    expect((await send(a, key, { path: "/v1/me" })).status).toBe(200);
    expect((await send(b, key, { path: "/v1/me" })).status).toBe(200);
    await withKeys(keys, (store) => revokeKey(store, record.id));
    await sleep(1_000);
    expect((await send(a, key, { path: "/v1/me" })).status).toBe(401);
    expect((await send(b, key, { path: "/v1/me" })).status).toBe(401);
  });

  it("refuse the keys of a deactivated person within one second on every instance (issue 37, item 2)", async () => {
    const added = await fetch(`${a.baseUrl}/v1/people`, {
      method: "POST",
      headers: { Authorization: `Bearer ${API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ email: `leaver-${randomUUID().slice(0, 8)}@example.org`, name: "Leaver", role: "staff" }),
    });
    expect(added.status).toBe(201);
    const { id } = (await added.json()) as { id: string };
    const { key } = await withKeys(keys, (store) =>
      issueKey(store, { name: "leaver's", scopes: ["pets:read"], issuer: { type: "person", id } }),
    );
    await sleep(600);
    expect((await send(b, key, { path: "/v1/me" })).status).toBe(200);
    const deactivated = await fetch(`${a.baseUrl}/v1/people/${id}`, {
      method: "PATCH",
      headers: { Authorization: `Bearer ${API_KEY}`, "Content-Type": "application/json" },
      body: JSON.stringify({ active: false }),
    });
    expect(deactivated.status).toBe(200);
    await sleep(1_000);
    // From an address of its own: these refusals count toward the failed-authentication limit.
    const address = "198.51.100.37";
    expect((await send(a, key, { path: "/v1/me", address })).status).toBe(401);
    expect((await send(b, key, { path: "/v1/me", address })).status).toBe(401);
  });

  it("replay a pet acknowledged just before one instance was SIGKILLed, on the other", async () => {
    const { key } = await withKeys(keys, (store) =>
      issueKey(store, { name: "writer", scopes: ["pets:write", "pets:read"] }),
    );
    await sleep(600);
    const idempotencyKey = `"${randomUUID()}"`;
    const pet = { name: `Crash ${randomUUID().slice(0, 8)}`, categoryId: 2 };
    const first = await send(a, key, { body: pet, idempotencyKey });
    expect(first.status).toBe(201);
    await a.stop("SIGKILL");
    const retry = await send(b, key, { body: pet, idempotencyKey });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("location")).toBe(first.headers.get("location"));
    const listed = await send(b, key);
    expect((listed.body as { name: string }[]).filter((p) => p.name === pet.name)).toHaveLength(1);
  });
});

describe("one instance on the file store", () => {
  let dataDir: string;
  let instance: Instance | undefined;

  beforeAll(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-file-keys-"));
  });

  afterAll(async () => {
    await instance?.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("limits a key per process, and replays a pet acknowledged just before SIGKILL after the restart", async () => {
    instance = await startInstance("file-1", undefined, { env: LIMITS, dataDir });
    const keys = () => openFileKeyStore(dataDir);
    const { key } = await withKeys(keys, (store) =>
      issueKey(store, { name: "writer", scopes: ["pets:write", "pets:read"] }),
    );
    await sleep(600);
    const idempotencyKey = randomUUID();
    const pet = { name: `Crash ${randomUUID().slice(0, 8)}`, categoryId: 2 };
    const first = await send(instance, key, { body: pet, idempotencyKey });
    expect(first.status).toBe(201);
    await instance.stop("SIGKILL");

    instance = await startInstance("file-2", undefined, { env: LIMITS, dataDir });
    const retry = await send(instance, key, { body: pet, idempotencyKey });
    expect(retry.status).toBe(201);
    expect(retry.body).toEqual(first.body);
    expect(retry.headers.get("location")).toBe(first.headers.get("location"));
    const listed = await send(instance, key);
    expect((listed.body as { name: string }[]).filter((p) => p.name === pet.name)).toHaveLength(1);
    // Two requests so far in this process, then the quota of 5 runs out.
    for (let i = 0; i < 3; i++) expect((await send(instance, key)).status).toBe(200);
    expectRateLimited(await send(instance, key), "per-key");
  });
});
