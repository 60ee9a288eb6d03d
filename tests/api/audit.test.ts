import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, type ApiResponse } from "@/tests/api/support/api";
import { issueTestKey } from "@/tests/api/support/issued-keys";
import { createPet, uniqueName } from "@/tests/api/support/pets";

interface AuditEntry {
  id: string;
  type: string;
  time: string;
  actor: { type: string; id?: string };
  resource?: { type: string; id: string; name?: string };
  changes: { field: string; from?: unknown; to?: unknown }[];
}

const NEXT = /^<(\/v1\/audit\?[^>]+)>; rel="next"$/;
const nextOf = (response: ApiResponse) => NEXT.exec(String(response.headers.link ?? ""))?.[1];

async function audit(query: string): Promise<AuditEntry[]> {
  const response = await api(`/v1/audit?${query}`);
  expect(response.status, response.text).toBe(200);
  return response.json as AuditEntry[];
}

describe("the record of who did what (GET /v1/audit)", () => {
  // Another key (a shelter's machine) makes the changes; the suite's admin key reads them.
  let writer: { key: string; id: string };
  let pet: { id: number; name: string };
  let renamed: string;
  let startedAt: string;

  beforeAll(async () => {
    startedAt = new Date(Date.now() - 1000).toISOString();
    const issued = await issueTestKey("audit writer", ["pets:read", "pets:write"]);
    writer = { key: issued.key, id: issued.record.id };
    await sleep(600); // the server's key cache
    const created = await api("/v1/pets", { key: writer.key, json: { name: uniqueName("audit"), categoryId: 1 } });
    expect(created.status, created.text).toBe(201);
    pet = created.json;
    renamed = uniqueName("renamed");
    const patch = (json: unknown) =>
      api(`/v1/pets/${pet.id}`, {
        method: "PATCH",
        key: writer.key,
        json,
        contentType: "application/merge-patch+json",
      });
    expect((await patch({ name: renamed })).status).toBe(200);
    expect((await patch({ status: "sold", reason: "Adopted at the fair" })).status).toBe(200);
  });

  it("names the key that made each change by its id, with what changed from what to what", async () => {
    const all = await audit(`actor=api_key:${writer.id}`);
    // The pet's first stay opened with it, by the same key (docs/decisions/254).
    expect(all.map((entry) => entry.type)).toEqual(["pet.status_changed", "pet.updated", "stay.opened", "pet.created"]);
    expect(all[2]?.resource).toMatchObject({ type: "stay" });
    const entries = all.filter((entry) => entry.type.startsWith("pet."));
    for (const entry of entries) {
      expect(entry.actor).toEqual({ type: "api_key", id: writer.id });
      expect(entry.resource).toMatchObject({ type: "pet", id: String(pet.id) });
      expect(Date.parse(entry.time)).toBeGreaterThan(Date.parse(startedAt));
    }
    // Each names the resource as that change left it.
    expect(entries.map((entry) => entry.resource?.name)).toEqual([renamed, renamed, pet.name]);
    expect(entries[0]?.changes).toEqual([{ field: "status", from: "available", to: "sold" }]);
    expect(entries[1]?.changes).toEqual([{ field: "name", from: pet.name, to: renamed }]);
    expect(entries[2]?.changes).toContainEqual({ field: "name", to: pet.name });
    expect(entries[2]?.changes.every((change) => !("from" in change))).toBe(true);
  });

  it("filters by resource, by type or type prefix, and by time", async () => {
    const other = await createPet({ name: uniqueName("audit-other") });
    const ofPet = await audit(`resource=pet:${pet.id}`);
    expect(ofPet.map((entry) => entry.type)).toEqual(["pet.status_changed", "pet.updated", "pet.created"]);
    expect((await audit(`resource=pet:${other.id}`)).map((entry) => entry.type)).toEqual(["pet.created"]);
    const statusOnly = await audit(`resource=pet:${pet.id}&type=pet.status_changed`);
    expect(statusOnly.map((entry) => entry.type)).toEqual(["pet.status_changed"]);
    expect(await audit(`actor=api_key:${writer.id}&type=order.`)).toEqual([]);
    expect((await audit(`actor=api_key:${writer.id}&type=pet.`)).length).toBe(3);
    const later = new Date(Date.now() + 60_000).toISOString();
    expect(await audit(`actor=api_key:${writer.id}&since=${later}`)).toEqual([]);
    // The pet's three changes and its first stay's opening.
    expect((await audit(`actor=api_key:${writer.id}&since=${startedAt}&until=${later}`)).length).toBe(4);
    expect(await audit(`actor=api_key:${writer.id}&until=${startedAt}`)).toEqual([]);
  });

  it("pages newest first with a Link that keeps the filters, and refuses its cursor for other filters", async () => {
    const first = await api(`/v1/audit?limit=2&actor=api_key:${writer.id}`);
    expect(first.status).toBe(200);
    const next = nextOf(first);
    expect(next).toContain(`actor=api_key%3A${writer.id}`);
    const second = await api(next as string);
    expect(second.status).toBe(200);
    expect(nextOf(second)).toBeUndefined();
    const types = [...first.json, ...second.json].map((entry: AuditEntry) => entry.type);
    expect(types).toEqual(["pet.status_changed", "pet.updated", "stay.opened", "pet.created"]);
    const cursor = new URL(next as string, "http://x").searchParams.get("cursor");
    expectError(await api(`/v1/audit?limit=2&cursor=${cursor}`), 400, "invalid_query");
  });

  it("is refused without audit:read, and bad filters are a 400", async () => {
    const reader = await issueTestKey("no audit", ["pets:read", "events:read"]);
    await sleep(600);
    expectError(await api("/v1/audit", { key: reader.key }), 403, "insufficient_scope");
    for (const query of [
      "actor=robot:1",
      "resource=pet",
      "resource=planet:1",
      "type=pet",
      "since=yesterday",
      "until=2030-01-01",
      "limit=0",
      "colour=red",
      "actor=system&actor=operator",
    ]) {
      expectError(await api(`/v1/audit?${query}`), 400, "invalid_query");
    }
  });
});
