import { createHash } from "node:crypto";
import fs from "node:fs";
import { expect, inject, it } from "vitest";
import { api, validKey } from "./support/api";
import { uniqueName } from "./support/pets";
import { issueTestKey } from "./support/issued-keys";

/**
 * Issue 12: one JSON access line per request, naming the route pattern and the key's id,
 * never the key, a query string or a pet's name. The teardown in server.setup.ts scans the
 * whole run's log for the same.
 */

function logLines(): Record<string, unknown>[] {
  return fs
    .readFileSync(inject("serverLogFile"), "utf8")
    .split("\n")
    .filter((line) => line.startsWith("{"))
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

async function accessLine(requestId: string): Promise<Record<string, unknown>> {
  for (let attempt = 0; attempt < 40; attempt++) {
    const line = logLines().find((entry) => entry.event === "request" && entry.requestId === requestId);
    if (line) return line;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no access line for request ${requestId}`);
}

it("logs a create as one JSON line with the route pattern, status, size and key id, and no secret", async () => {
  const name = uniqueName("LogCanary");
  const requestId = `log-test-${Date.now()}`;
  const created = await api("/v1/pets", { json: { name, categoryId: 1 }, headers: { "x-request-id": requestId } });
  expect(created.status).toBe(201);

  const line = await accessLine(requestId);
  expect(line).toMatchObject({ level: "info", method: "POST", route: "/v1/pets", status: 201 });
  expect(line.bytes).toBe(Buffer.byteLength(created.text));
  expect(line.durationMs).toEqual(expect.any(Number));
  // A PETSTORE_API_KEYS entry: named by its SHA-256's first 12 hex digits, never by itself or its position.
  expect(line.keyId).toBe(`env-${createHash("sha256").update(validKey()).digest("hex").slice(0, 12)}`);
  expect(typeof line.time).toBe("string");
  const text = JSON.stringify(line);
  expect(text).not.toContain(name);
  expect(text).not.toContain(validKey());
});

it("logs a read by its route pattern, without the id's path or the query string", async () => {
  const requestId = `log-test-q-${Date.now()}`;
  const secret = "sekrit-query-value-9f3a";
  const listed = await api(`/v1/pets?limit=1&status=available&x=${secret}`, {
    headers: { "x-request-id": requestId },
    skipOperationCheck: true,
  });
  const line = await accessLine(requestId);
  expect(line).toMatchObject({ method: "GET", route: "/v1/pets", status: listed.status });
  expect(JSON.stringify(line)).not.toContain(secret);

  const getId = `log-test-g-${Date.now()}`;
  await api("/v1/pets/424242", { headers: { "x-request-id": getId } });
  expect(await accessLine(getId)).toMatchObject({ route: "/v1/pets/{petId}", status: 404 });
});

it("names an issued key by its public id, also when it lacks the route's scope", async () => {
  const { key, record } = await issueTestKey("log-reader", ["pets:read"]);
  await new Promise((resolve) => setTimeout(resolve, 600)); // the server's key cache may be half a second old
  const requestId = `log-test-403-${Date.now()}`;
  const refused = await api("/v1/pets", { key, json: { name: "x" }, headers: { "x-request-id": requestId } });
  expect(refused.status).toBe(403);
  const line = await accessLine(requestId);
  expect(line).toMatchObject({ status: 403, keyId: record.id });
  expect(JSON.stringify(line)).not.toContain(key);
});

it("names no key when the key was refused", async () => {
  const requestId = `log-test-401-${Date.now()}`;
  const refused = await api("/v1/pets", { key: "not-a-known-key-123456", headers: { "x-request-id": requestId } });
  expect(refused.status).toBe(401);
  const line = await accessLine(requestId);
  expect(line).toMatchObject({ status: 401 });
  expect(line.keyId).toBeUndefined();
  expect(JSON.stringify(line)).not.toContain("not-a-known-key-123456");
});

it("answers /readyz 200 once started, and keeps /healthz", async () => {
  const base = inject("baseUrl");
  const ready = await fetch(`${base}/readyz`);
  expect(ready.status).toBe(200);
  expect(await ready.json()).toEqual({ status: "ready" });
  expect((await fetch(`${base}/healthz`)).status).toBe(200);
});

it("logs the staff console's /auth requests once each, by their route pattern", async () => {
  const cases: [string, string, string][] = [
    ["POST", "/auth/session", "/auth/session"],
    ["POST", "/auth/sign-in", "/auth/sign-in"],
    ["GET", "/auth/sessions", "/auth/sessions"],
    ["DELETE", "/auth/sessions/ses_0123456789abcdef", "/auth/sessions/[sessionId]"],
    ["DELETE", "/auth/passkeys/pk_0123456789abcdef", "/auth/passkeys/[passkeyId]"],
    ["POST", "/auth/passkey-sign-in/options", "/auth/passkey-sign-in/options"],
  ];
  for (const [method, path, route] of cases) {
    const requestId = `log-test-auth-${method}-${Date.now()}`;
    await api(path, {
      method,
      key: null,
      json: method === "POST" ? {} : undefined,
      headers: { "x-request-id": requestId, origin: inject("baseUrl") },
      skipOperationCheck: true,
    });
    const line = await accessLine(requestId);
    expect(line, path).toMatchObject({ method, route });
    expect(JSON.stringify(line)).not.toContain("0123456789abcdef");
    // The front server hands /auth to Next, which answers it through apiRoute: one line, not two.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(logLines().filter((entry) => entry.event === "request" && entry.requestId === requestId)).toHaveLength(1);
  }
});
