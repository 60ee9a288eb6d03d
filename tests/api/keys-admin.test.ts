import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { api, expectError, header, validKey } from "@/tests/api/support/api";

interface IssuedKey {
  id: string;
  name: string;
  scopes: string[];
  createdAt: string;
  expiresAt?: string;
  revokedAt?: string;
  secret: string;
}

interface KeyEvent {
  type: string;
  actor: { type: string; id?: string };
  data: { object: { id: string } };
}

const envActor = () => ({
  type: "api_key",
  id: `env-${createHash("sha256").update(validKey()).digest("hex").slice(0, 12)}`,
});

async function issue(body: unknown, key?: string): Promise<IssuedKey> {
  const response = await api("/v1/keys", { json: body, ...(key ? { key } : {}) });
  expect(response.status, response.text).toBe(201);
  return response.json as IssuedKey;
}

/** The key event of this type for this key, once the log has it (the file store's follows its change). */
async function keyEvent(type: string, keyId: string): Promise<KeyEvent | undefined> {
  for (let attempt = 0; attempt < 50; attempt++) {
    const response = await api(`/v1/events?type=${type}&limit=100`);
    const found = (response.json as KeyEvent[]).find((event) => event.data.object.id === keyId);
    if (found) return found;
    await sleep(100);
  }
  return undefined;
}

describe("/v1/keys", () => {
  it("issues a key whose secret is shown once and works at once, for its scopes only; lists it without the secret", async () => {
    const created = await api("/v1/keys", { json: { name: " shop front ", scopes: ["pets:read"], expiresInDays: 30 } });
    expect(created.status, created.text).toBe(201);
    expect(header(created, "cache-control")).toContain("no-store");
    const key = created.json as IssuedKey;
    expect(header(created, "location")).toBe(`/v1/keys/${key.id}`);
    expect(key).toMatchObject({ name: "shop front", scopes: ["pets:read"] });
    expect(key.secret).toMatch(/^psk_[0-9a-f]{12}/);
    expect(Date.parse(key.expiresAt!) - Date.parse(key.createdAt)).toBe(30 * 86_400_000);

    expect((await api("/v1/pets?limit=1", { key: key.secret })).status).toBe(200);
    expectError(
      await api("/v1/pets", { key: key.secret, json: { name: "No", categoryId: 1 } }),
      403,
      "insufficient_scope",
    );
    expect((await api("/v1/me", { key: key.secret })).json).toMatchObject({ name: "shop front" });

    const listed = await api("/v1/keys");
    expect(listed.status).toBe(200);
    const { secret, ...summary } = key;
    expect(listed.json).toContainEqual(summary);
    expect(listed.text).not.toContain(secret.slice(16, 59));
    expect(listed.text).not.toContain('"hash"');
    expect((await keyEvent("key.created", key.id))?.actor).toEqual(envActor());
  });

  it("lets a key issue and revoke only keys whose every scope it holds", async () => {
    const admin = await issue({ name: "key admin", scopes: ["keys:write", "keys:read", "pets:read"] });
    const refused = await api("/v1/keys", {
      key: admin.secret,
      json: { name: "more", scopes: ["pets:read", "orders:read"] },
    });
    expect(expectError(refused, 403, "insufficient_scope")).toContain("orders:read");
    const wider = await issue({ name: "wider", scopes: ["orders:read"] });
    expectError(await api(`/v1/keys/${wider.id}`, { method: "DELETE", key: admin.secret }), 403, "insufficient_scope");

    const narrower = await issue({ name: "narrower", scopes: ["pets:read"] }, admin.secret);
    expect((await keyEvent("key.created", narrower.id))?.actor).toEqual({ type: "api_key", id: admin.id });
    const listed = (await api("/v1/keys", { key: admin.secret })).json as IssuedKey[];
    expect(listed.find((key) => key.id === wider.id)?.revokedAt).toBeUndefined();
  });

  it("revokes: the key is refused at once, stays listed as revoked, and the event names who revoked it", async () => {
    const admin = await issue({ name: "revoker", scopes: ["keys:write", "pets:read"] });
    const doomed = await issue({ name: "doomed", scopes: ["pets:read"] });
    expect((await api("/v1/pets?limit=1", { key: doomed.secret })).status).toBe(200);
    const revoked = await api(`/v1/keys/${doomed.id}`, { method: "DELETE", key: admin.secret });
    expect(revoked.status, revoked.text).toBe(204);
    const at = Date.now();
    let status = 200;
    while (status === 200 && Date.now() - at < 2_000)
      status = (await api("/v1/pets?limit=1", { key: doomed.secret })).status;
    expect(status).toBe(401);
    expect(Date.now() - at).toBeLessThan(1_000);

    const listed = ((await api("/v1/keys")).json as IssuedKey[]).find((key) => key.id === doomed.id);
    expect(listed?.revokedAt).toBeDefined();
    expect((await api(`/v1/keys/${doomed.id}`, { method: "DELETE" })).status).toBe(204); // already revoked: as asked
    expect((await keyEvent("key.revoked", doomed.id))?.actor).toEqual({ type: "api_key", id: admin.id });
    expectError(await api("/v1/keys/000000000000", { method: "DELETE" }), 404, "not_found");
  });

  it.each<[string, unknown, string]>([
    ["an empty name", { name: " ", scopes: ["pets:read"] }, "name"],
    ["no scopes", { name: "x", scopes: [] }, "scopes"],
    ["an unknown scope", { name: "x", scopes: ["pets:read", "root"] }, "scopes"],
    ["a past expiry", { name: "x", scopes: ["pets:read"], expiresAt: "2001-01-01T00:00:00Z" }, "expiresAt"],
    ["an expiry that is not a time", { name: "x", scopes: ["pets:read"], expiresAt: "soon" }, "expiresAt"],
    ["a lifetime of 0 days", { name: "x", scopes: ["pets:read"], expiresInDays: 0 }, "expiresInDays"],
    [
      "both an expiry and a lifetime",
      { name: "x", scopes: ["pets:read"], expiresAt: "2099-01-01T00:00:00Z", expiresInDays: 3 },
      "expiresInDays",
    ],
    ["an unknown field", { name: "x", scopes: ["pets:read"], hash: "00" }, "hash"],
    ["no object", ["x"], ""],
  ])("refuses %s with a 400 naming the field", async (_what, body, field) => {
    const response = await api("/v1/keys", { json: body });
    expectError(response, 400, "invalid_body");
    expect((response.json.details as { field: string }[]).map((detail) => detail.field)).toContain(field);
  });

  it("needs keys:read to list and keys:write to issue or revoke", async () => {
    const reader = await issue({ name: "key reader", scopes: ["keys:read"] });
    const other = await issue({ name: "other", scopes: ["pets:read"] });
    expect((await api("/v1/keys", { key: reader.secret })).status).toBe(200);
    expectError(await api("/v1/keys", { key: other.secret }), 403, "insufficient_scope");
    for (const key of [reader.secret, other.secret]) {
      expectError(
        await api("/v1/keys", { key, json: { name: "x", scopes: ["keys:read"] } }),
        403,
        "insufficient_scope",
      );
      expectError(await api(`/v1/keys/${other.id}`, { method: "DELETE", key }), 403, "insufficient_scope");
    }
    expectError(await api("/v1/keys", { key: null }), 401, "unauthorized");
  });
});
