import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { api, type ApiResponse } from "@/tests/api/support/api";
import { issueTestKey } from "@/tests/api/support/issued-keys";
import { uniqueName } from "@/tests/api/support/pets";

/**
 * Issue 37 item 12 (docs/decisions/209): the feed and the audit show each kind of event only
 * to a caller who may read that resource. `key.*` events (the names and scopes of every key)
 * need keys:read besides events:read (or audit:read); pages stay whole and in order when
 * events are left out.
 */

interface Logged {
  id: string;
  type: string;
  data?: { object: { id: number | string } };
  resource?: { type: string; id: string };
}

const link = (response: ApiResponse) => /^<([^>]+)>; rel="next"$/.exec(String(response.headers.link ?? ""))?.[1];

/** Every page of `first`, one event a page, until a short or last page. */
async function pages(first: string, key: string): Promise<Logged[]> {
  const seen: Logged[] = [];
  let next: string | undefined = first;
  for (let page = 0; next && page < 200; page++) {
    const response = await api(next, { key });
    expect(response.status, response.text).toBe(200);
    const events = response.json as Logged[];
    seen.push(...events);
    if (events.length === 0) break;
    next = link(response);
  }
  return seen;
}

const endOfFeed = async () => {
  let next = "/v1/events?limit=100";
  for (;;) {
    const response = await api(next);
    next = link(response)!;
    if ((response.json as Logged[]).length < 100) return new URL(next, "http://x").searchParams.get("after")!;
  }
};

describe("who sees which events", () => {
  let after = "";
  let since = "";
  let issuedIds: string[] = [];
  const categories: number[] = [];
  let feedOnly = "";
  let feedAndKeys = "";
  let auditOnly = "";
  let auditAndKeys = "";

  beforeAll(async () => {
    after = await endOfFeed();
    since = new Date(Date.now() - 1000).toISOString();
    feedOnly = (await issueTestKey("feed only", ["events:read"])).key;
    feedAndKeys = (await issueTestKey("feed and keys", ["events:read", "keys:read"])).key;
    auditOnly = (await issueTestKey("audit only", ["audit:read"])).key;
    auditAndKeys = (await issueTestKey("audit and keys", ["audit:read", "keys:read"])).key;
    issuedIds = [];
    // Category events (readable with events:read alone) between key events.
    for (let round = 0; round < 3; round++) {
      const created = await api("/v1/categories", { json: { name: uniqueName("visible") } });
      expect(created.status, created.text).toBe(201);
      categories.push((created.json as { id: number }).id);
      issuedIds.push((await issueTestKey(`hidden ${round}`, ["pets:read"])).record.id);
    }
    await sleep(600); // the server's key cache
    // Key events on the file store follow the key file within seconds (docs/decisions/163).
    for (let attempt = 0; attempt < 40; attempt++) {
      const seen = await pages(`/v1/events?limit=100&after=${after}`, feedAndKeys);
      if (issuedIds.every((id) => seen.some((event) => event.type === "key.created" && event.data?.object.id === id)))
        break;
      await sleep(250);
    }
  });

  it("keeps key.* events out of the feed of a key without keys:read, and pages whole around them", async () => {
    const withKeys = await pages(`/v1/events?limit=1&after=${after}`, feedAndKeys);
    const createdKeys = withKeys.filter((event) => event.type === "key.created").map((e) => e.data?.object.id);
    expect(createdKeys).toEqual(expect.arrayContaining(issuedIds));

    const without = await pages(`/v1/events?limit=1&after=${after}`, feedOnly);
    expect(without.filter((event) => event.type.startsWith("key."))).toEqual([]);
    const mine = without.filter((event) => event.type === "category.created").map((e) => e.data?.object.id);
    expect(mine).toEqual(categories);
    expect(new Set(without.map((event) => event.id)).size).toBe(without.length);
    // Asking for them by name is refused, as for any type the key may not read.
    const asked = await api("/v1/events?type=key.created", { key: feedOnly });
    expect(asked.status).toBe(403);
    expect(asked.json).toMatchObject({ code: "insufficient_scope" });
  });

  it("keeps key.* entries out of the audit of a key without keys:read, and pages whole around them", async () => {
    const withKeys = await pages(`/v1/audit?limit=1&since=${since}`, auditAndKeys);
    const keyIds = withKeys.filter((entry) => entry.type === "key.created").map((entry) => entry.resource?.id);
    expect(keyIds).toEqual(expect.arrayContaining(issuedIds));

    const without = await pages(`/v1/audit?limit=1&since=${since}`, auditOnly);
    expect(without.filter((entry) => entry.type.startsWith("key."))).toEqual([]);
    const mine = without
      .filter((entry) => entry.type === "category.created" && categories.includes(Number(entry.resource?.id)))
      .map((entry) => Number(entry.resource?.id));
    expect(mine).toEqual([...categories].reverse());
    expect(new Set(without.map((entry) => entry.id)).size).toBe(without.length);
    // Asking for them by type or by resource is refused, as the feed refuses such a type.
    for (const query of ["type=key.", `resource=key:${issuedIds[0]}`]) {
      const asked = await api(`/v1/audit?${query}`, { key: auditOnly });
      expect(asked.status, query).toBe(403);
      expect(asked.json).toMatchObject({ code: "insufficient_scope" });
    }
  });

  it("refuses a webhook endpoint's event types its creator may not read, `*` included", async () => {
    const hooks = (await issueTestKey("hooks without keys", ["webhooks:write", "webhooks:read", "pets:read"])).key;
    await sleep(600); // the server's key cache
    const url = "https://example.org/hooks/visibility";
    for (const eventTypes of [["key.created"], ["*"], undefined]) {
      const refused = await api("/v1/webhooks", { key: hooks, json: { url, ...(eventTypes ? { eventTypes } : {}) } });
      expect(refused.status, JSON.stringify(eventTypes)).toBe(403);
      expect(refused.json).toMatchObject({ code: "insufficient_scope" });
    }
    const created = await api("/v1/webhooks", { key: hooks, json: { url, eventTypes: ["pet.created"] } });
    expect(created.status, created.text).toBe(201);
    const id = (created.json as { id: string }).id;
    const widened = await api(`/v1/webhooks/${id}`, {
      method: "PATCH",
      key: hooks,
      json: { eventTypes: ["pet.created", "person.created"] },
    });
    expect(widened.status).toBe(403);
    expect((await api(`/v1/webhooks/${id}`, { method: "DELETE" })).status).toBe(204);
  });
});
