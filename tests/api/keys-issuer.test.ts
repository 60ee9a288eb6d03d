import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { api, expectError } from "@/tests/api/support/api";
import { issueTestKey } from "@/tests/api/support/issued-keys";
import { addPerson, signedInPerson, uniqueEmail, type SignedInPerson } from "@/tests/api/support/people";

/*
 * Issue 37, items 2 and 3: a key remembers the person behind it and dies with their power
 * (docs/decisions/203); people:write gives no role its holder lacks (docs/decisions/204).
 * People are changed with the suite's key (the operator's, holding every scope).
 */

const patch = (id: string, json: unknown, key?: string) =>
  api(`/v1/people/${id}`, { method: "PATCH", json, contentType: "application/merge-patch+json", key });

interface IssuedKey {
  id: string;
  secret: string;
  issuer: { type: string; id?: string };
  revokedAt?: string;
}

/** POST /v1/keys as `key` (a person's console bearer or an issued key). */
async function issue(key: string, name: string, scopes: string[]): Promise<IssuedKey> {
  const created = await api("/v1/keys", { key, json: { name, scopes } });
  expect(created.status, created.text).toBe(201);
  return created.json as IssuedKey;
}

async function listed(id: string): Promise<IssuedKey> {
  const list = await api("/v1/keys");
  expect(list.status, list.text).toBe(200);
  const found = (list.json as IssuedKey[]).find((key) => key.id === id);
  expect(found, `key ${id} listed`).toBeDefined();
  return found!;
}

const STRONG = ["people:read", "people:write", "keys:read", "keys:write", "pets:read"];

/** An admin signed in, with a strong key of theirs and a key that key issued (same issuer). */
async function adminWithKeys(label: string): Promise<{ admin: SignedInPerson; strong: IssuedKey; child: IssuedKey }> {
  const admin = await signedInPerson("admin", label);
  const strong = await issue(admin.bearer, `${label} strong`, STRONG);
  const child = await issue(strong.secret, `${label} child`, ["people:read", "pets:read"]);
  return { admin, strong, child };
}

describe("keys and the person who issued them", () => {
  it("names the issuing person in the answer and the list, also for a key issued by their key; the operator's are the operator's", async () => {
    const { admin, strong, child } = await adminWithKeys("issuer-shown");
    expect(strong.issuer).toEqual({ type: "person", id: admin.id });
    expect(child.issuer).toEqual({ type: "person", id: admin.id });
    expect((await listed(strong.id)).issuer).toEqual({ type: "person", id: admin.id });
    expect((await listed(child.id)).issuer).toEqual({ type: "person", id: admin.id });
    const operatorKey = await issueTestKey("operator's", ["keys:write", "pets:read"]);
    await sleep(600); // the server's copy of the key file is re-read within half a second
    const operators = await issue(operatorKey.key, "op", ["pets:read"]);
    expect(operators.issuer).toEqual({ type: "operator" });
  });

  it("refuses an admin's keys, and the keys those issued, once the admin is deactivated", async () => {
    const { admin, strong, child } = await adminWithKeys("issuer-deactivated");
    expect((await api("/v1/people", { key: strong.secret })).status).toBe(200);
    expect((await patch(admin.id, { active: false })).status).toBe(200);
    for (const key of [strong, child]) {
      expectError(await api("/v1/people", { key: key.secret }), 401, "unauthorized");
      expect((await listed(key.id)).revokedAt).toBeDefined();
    }
    // Nor can it mint an admin any more.
    const minted = await api("/v1/people", {
      key: strong.secret,
      json: { email: uniqueEmail("minted"), name: "Minted admin", role: "admin" },
    });
    expectError(minted, 401, "unauthorized");
  });

  it("on a demotion, refuses the keys beyond the new role and keeps those within it", async () => {
    const admin = await signedInPerson("admin", "issuer-demoted");
    const strong = await issue(admin.bearer, "demoted strong", STRONG);
    const petsOnly = await issue(admin.bearer, "demoted pets", ["pets:read", "pets:write"]);
    expect((await patch(admin.id, { role: "staff" })).status).toBe(200);
    expectError(await api("/v1/people", { key: strong.secret }), 401, "unauthorized");
    expect((await api("/v1/pets?limit=1", { key: petsOnly.secret })).status).toBe(200);
    expect((await listed(petsOnly.id)).revokedAt).toBeUndefined();
  });
});

describe("people:write gives no role its holder lacks", () => {
  it("refuses to create an admin, or make someone one, with a key that does not hold every admin scope", async () => {
    const { key } = await issueTestKey("people writer", [
      "people:read",
      "people:write",
      "pets:read",
      "orders:read",
      "applications:read",
      "medical:read",
    ]);
    await sleep(600);
    const admin = await api("/v1/people", {
      key,
      json: { email: uniqueEmail("escalate"), name: "Would-be admin", role: "admin" },
    });
    expect(expectError(admin, 403, "insufficient_scope")).toContain("keys:write");

    // A volunteer's scopes it holds: it may add a volunteer, but not promote them.
    const volunteer = await api("/v1/people", {
      key,
      json: { email: uniqueEmail("volunteer"), name: "Vera Volunteer", role: "volunteer" },
    });
    expect(volunteer.status, volunteer.text).toBe(201);
    const id = (volunteer.json as { id: string }).id;
    expectError(await patch(id, { role: "admin" }, key), 403, "insufficient_scope");
    expectError(await patch(id, { role: "staff" }, key), 403, "insufficient_scope");
    expect((await api(`/v1/people/${id}`)).json).toMatchObject({ role: "volunteer" });

    // Nor may it touch a stronger account: a new e-mail and a reset link would be a way into it.
    const existingAdmin = await addPerson("admin", "untouchable");
    expectError(await patch(existingAdmin.id, { email: uniqueEmail("taken-over") }, key), 403, "insufficient_scope");
    expectError(
      await api(`/v1/people/${existingAdmin.id}/invitation`, { key, method: "POST" }),
      403,
      "insufficient_scope",
    );
  });
});
