import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { api, expectError, header, validKey } from "@/tests/api/support/api";
import { issueTestKey, revokeTestKey } from "@/tests/api/support/issued-keys";

const newPet = { name: "Scoped", categoryId: 3 };

describe("issued API keys", () => {
  it("hold only their scopes: a read-only key lists but cannot add (403 insufficient_scope)", async () => {
    const { key } = await issueTestKey("read only", ["pets:read"]);
    await sleep(600);
    expect((await api("/v1/pets", { key })).status).toBe(200);
    const refused = await api("/v1/pets", { key, json: newPet });
    expectError(refused, 403, "insufficient_scope");
    expect(header(refused, "www-authenticate")).toBe(
      'Bearer realm="petstore", error="insufficient_scope", scope="pets:write"',
    );
    const writer = await issueTestKey("writer", ["pets:write"]);
    await sleep(600);
    expect((await api("/v1/pets", { key: writer.key, json: newPet })).status).toBe(201);
    expectError(await api("/v1/pets", { key: writer.key }), 403, "insufficient_scope");
  });

  it("GET /v1/me tells a key its name, scopes and expiry; environment keys hold every scope", async () => {
    const expiresAt = new Date(Date.now() + 86_400_000);
    const { key } = await issueTestKey("shop front", ["pets:read", "orders:read"], expiresAt);
    await sleep(600);
    const me = await api("/v1/me", { key });
    expect(me.status).toBe(200);
    expect(me.json).toEqual({
      name: "shop front",
      scopes: ["pets:read", "orders:read"],
      expiresAt: expiresAt.toISOString(),
      issuer: { type: "operator" },
    });
    const env = await api("/v1/me");
    expect(env.json).toEqual({
      name: `PETSTORE_API_KEYS key env-${createHash("sha256").update(validKey()).digest("hex").slice(0, 12)}`,
      scopes: [
        "pets:read",
        "pets:write",
        "orders:read",
        "orders:write",
        "categories:write",
        "events:read",
        "webhooks:read",
        "webhooks:write",
        "orders:place",
        "keys:read",
        "keys:write",
        "people:read",
        "people:write",
        "audit:read",
        "applications:read",
        "applications:write",
        "applications:erase",
        "medical:read",
        "medical:write",
      ],
      issuer: { type: "operator" },
    });
    expectError(await api("/v1/me", { key: null }), 401, "unauthorized");
  });

  it("stop working within one second of revocation", async () => {
    const { key, record } = await issueTestKey("to revoke", ["pets:read"]);
    await sleep(600);
    expect((await api("/v1/pets", { key })).status).toBe(200);
    await revokeTestKey(record.id);
    const revokedAt = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - revokedAt < 3_000) {
      status = (await api("/v1/pets", { key })).status;
      if (status === 200) await sleep(50);
    }
    expect(status).toBe(401);
    expect(Date.now() - revokedAt).toBeLessThan(1_000);
  });

  it("stop working when they expire", async () => {
    const { key } = await issueTestKey("short lived", ["pets:read"], new Date(Date.now() + 1_500));
    await sleep(600);
    expect((await api("/v1/pets", { key })).status).toBe(200);
    await sleep(1_200);
    const expired = await api("/v1/pets", { key });
    expectError(expired, 401, "unauthorized");
    expect(header(expired, "www-authenticate")).toBe('Bearer realm="petstore", error="invalid_token"');
  });

  it("with a typo are refused by their checksum", async () => {
    const { key } = await issueTestKey("typo", ["pets:read"]);
    await sleep(600);
    const typo = key.slice(0, 20) + (key[20] === "a" ? "b" : "a") + key.slice(21);
    expectError(await api("/v1/pets", { key: typo }), 401, "unauthorized");
  });
});

describe("rate-limit fields", () => {
  it("are on every answer counted against a key, in the draft's structured-field syntax", async () => {
    const first = await api("/v1/pets");
    const second = await api("/v1/pets");
    expect(header(first, "ratelimit-policy")).toBe('"per-key";q=1000000;w=60');
    const parts = (response: typeof first) => {
      const match = /^"per-key";r=(\d+);t=(\d+)$/.exec(header(response, "ratelimit"));
      expect(match, header(response, "ratelimit")).not.toBeNull();
      return { r: Number(match![1]), t: Number(match![2]) };
    };
    const [before, after] = [parts(first), parts(second)];
    expect(after.t).toBeLessThanOrEqual(60);
    // Files run one after another, so only a new window (t jumps up) explains another count.
    if (after.t <= before.t) expect(after.r).toBe(before.r - 1);
  });

  it("count failed authentications per address on a refused key", async () => {
    const refused = await api("/v1/pets", { key: "not-a-valid-key-000000" });
    expectError(refused, 401, "unauthorized");
    expect(header(refused, "ratelimit-policy")).toBe('"failed-auth";q=1000000;w=60');
    expect(header(refused, "ratelimit")).toMatch(/^"failed-auth";r=\d+;t=\d+$/);
  });
});
