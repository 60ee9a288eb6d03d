import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it } from "vitest";
import type { PersonRecord } from "@/lib/people/person";
import { scopesOf } from "@/lib/people/roles";
import { openFileKeyStore } from "./file-key-store";
import { issueKey } from "./key-admin";
import { revokeKeysOfFormerHolders } from "./issuer-sweep";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

const person = (id: string, extra: Partial<PersonRecord>): PersonRecord => ({
  id,
  email: `${id}@example.org`,
  name: id,
  role: "admin",
  active: true,
  createdAt: "2026-11-28T00:00:00.000Z",
  updatedAt: "2026-11-28T00:00:00.000Z",
  ...extra,
});

it("at start, revokes the keys of people who lost their scopes while no change could, and no others", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-sweep-"));
  dirs.push(dir);
  const store = openFileKeyStore(dir);
  const issue = (name: string, id: string, scopes: Parameters<typeof issueKey>[1]["scopes"]) =>
    issueKey(store, { name, scopes, issuer: { type: "person", id } });
  const kept = await issue("admin's", "per_admin", ["people:write"]);
  const left = await issue("leaver's", "per_left", ["pets:read"]);
  const demoted = await issue("demoted strong", "per_demoted", ["keys:write"]);
  const within = await issue("demoted weak", "per_demoted", ["pets:read"]);
  const gone = await issue("no such person", "per_gone", ["pets:read"]);
  const operators = await issueKey(store, { name: "operator's", scopes: ["keys:write"] });
  const people = new Map([
    ["per_admin", person("per_admin", {})],
    ["per_left", person("per_left", { active: false })],
    ["per_demoted", person("per_demoted", { role: "staff" })],
  ]);
  const holds = (one: PersonRecord) => (one.active ? scopesOf(one.role, { volunteersPlaceOrders: false }) : []);
  const revoked = await revokeKeysOfFormerHolders(store, (id) => people.get(id), holds);
  expect(revoked.map((key) => key.name).sort()).toEqual(["demoted strong", "leaver's", "no such person"]);
  const byId = new Map((await store.list()).map((key) => [key.id, key]));
  for (const key of [left, demoted, gone])
    expect(byId.get(key.record.id)).toMatchObject({ revokedBy: { type: "system" } });
  for (const key of [kept, within, operators]) expect(byId.get(key.record.id)?.revokedAt).toBeUndefined();
  expect(await revokeKeysOfFormerHolders(store, (id) => people.get(id), holds)).toEqual([]);
});
