import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { api, expectError, validKey, type ApiResponse } from "@/tests/api/support/api";
import { issueTestKey, revokeTestKey } from "@/tests/api/support/issued-keys";
import { createPet } from "@/tests/api/support/pets";

interface FeedEvent {
  id: string;
  type: string;
  createdAt: string;
  actor: { type: string; id?: string };
  data: { object: { id: number | string; [field: string]: unknown }; from?: string; to?: string };
}

const NEXT = /^<(\/v1\/events\?[^>]+)>; rel="next"$/;
const nextOf = (response: ApiResponse) => NEXT.exec(String(response.headers.link))?.[1] as string;

/** The feed from `start` until a page comes back short: every event, and where to resume. */
async function readAll(start = "/v1/events?limit=100", key?: string): Promise<{ events: FeedEvent[]; next: string }> {
  const events: FeedEvent[] = [];
  let next = start;
  for (;;) {
    const response = await api(next, key ? { key } : {});
    expect(response.status, response.text).toBe(200);
    const page = response.json as FeedEvent[];
    events.push(...page);
    next = nextOf(response);
    expect(next).toBeDefined();
    if (page.length < 100) return { events, next };
  }
}

/** The current end of the feed, to read only what follows. */
const endOfFeed = async () => (await readAll()).next;

const ofObject = (events: FeedEvent[], type: string, id: number) =>
  events.filter((event) => event.type === type && event.data.object.id === id);

describe("the event feed", () => {
  it("records each change with its event: the resource after it, the key that made it, in order", async () => {
    const start = await endOfFeed();
    const pet = await createPet({ name: "Feed Rex" });
    const order = (await api("/v1/store/orders", { json: { petId: pet.id, adopter: "Ada" } })).json as { id: number };
    expect((await api(`/v1/store/orders/${order.id}`, { method: "PATCH", json: { status: "cancelled" } })).status).toBe(
      200,
    );
    const { events } = await readAll(start);
    const mine = events.filter(
      ({ type, data: { object } }) =>
        (type.startsWith("pet.") && object.id === pet.id) ||
        (type.startsWith("order.") && object.id === order.id) ||
        (type.startsWith("stay.") && object.petId === pet.id),
    );
    // The pet's first stay opens with it (docs/decisions/254); a cancelled order leaves it open.
    expect(mine.map((event) => event.type)).toEqual([
      "pet.created",
      "stay.opened",
      "order.placed",
      "pet.status_changed",
      "order.cancelled",
      "pet.status_changed",
    ]);
    expect(mine[0]?.data.object).toEqual(pet);
    expect(mine[3]?.data).toMatchObject({
      from: "available",
      to: "pending",
      object: { id: pet.id, status: "pending" },
    });
    expect(mine[5]?.data).toMatchObject({ from: "pending", to: "available" });
    const keyId = `env-${createHash("sha256").update(validKey()).digest("hex").slice(0, 12)}`;
    for (const event of mine) {
      expect(event.actor).toEqual({ type: "api_key", id: keyId });
      expect(event.id).toMatch(/^evt_[0-9a-f]{24}$/);
      expect(Date.parse(event.createdAt)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(new Set(events.map((event) => event.id)).size).toBe(events.length);
  });

  it("resumes from its cursor with only what came after, and keeps the cursor when nothing did", async () => {
    const first = await createPet({ name: "Feed Before" });
    const { next } = await readAll();
    const later = await createPet({ name: "Feed After" });
    const { events, next: after } = await readAll(next);
    expect(ofObject(events, "pet.created", first.id)).toEqual([]);
    expect(ofObject(events, "pet.created", later.id)).toHaveLength(1);
    // A page with nothing new still names where to resume.
    const { events: none } = await readAll(after);
    expect(ofObject(none, "pet.created", later.id)).toEqual([]);
  });

  it("filters by type, pages at `limit`, and refuses an unknown type or a forged cursor", async () => {
    const start = await endOfFeed();
    for (let i = 0; i < 3; i++) await createPet({ name: `Feed Page ${i}` });
    const category = await api("/v1/categories", { json: { name: `Feed ${Date.now()}` } });
    expect(category.status).toBe(201);
    const page = await api(`${start.replace("limit=100", "limit=1")}&type=category.created`);
    expect(page.status).toBe(200);
    expect((page.json as FeedEvent[]).every((event) => event.type === "category.created")).toBe(true);
    const { events } = await readAll(`${start}&type=pet.created,category.created`);
    expect(new Set(events.map((event) => event.type))).toEqual(new Set(["pet.created", "category.created"]));
    expect(events.filter((event) => event.type === "pet.created").length).toBeGreaterThanOrEqual(3);
    expect(nextOf(await api("/v1/events?limit=1"))).toContain("limit=1");
    expectError(await api("/v1/events?type=pet.adopted"), 400, "invalid_query");
    expectError(await api("/v1/events?after=bm90LWEtY3Vyc29y"), 400, "invalid_query");
    expectError(await api("/v1/events?limit=0"), 400, "invalid_query");
  });

  it("names `after`, the parameter the client sent, when it refuses a cursor", async () => {
    const refused = await api("/v1/events?after=garbage");
    expectError(refused, 400, "invalid_query");
    expect(refused.json.details).toEqual([
      { field: "after", message: "must be a cursor from a previous response's Link header" },
    ]);
    expect(refused.json.message).toContain("after");
    expect(refused.json.message).not.toContain("cursor must");
    // The listings' own parameter keeps its name.
    const pets = await api("/v1/pets?cursor=garbage");
    expectError(pets, 400, "invalid_query");
    expect(pets.json.details).toEqual([
      { field: "cursor", message: "must be a cursor from a previous response's Link header" },
    ]);
  });

  it("shows a key only the types it may read, needs events:read, and records key changes", async () => {
    const start = await endOfFeed();
    // Key events need keys:read besides events:read (docs/decisions/209; without it:
    // tests/api/event-visibility.test.ts).
    const reader = await issueTestKey("feed reader", ["events:read", "keys:read"]);
    const pets = await issueTestKey("pets only", ["pets:read"]);
    await revokeTestKey(pets.record.id);
    const noFeed = await issueTestKey("no feed", ["pets:read", "orders:read"]);
    await sleep(600);
    expectError(await api("/v1/events", { key: noFeed.key }), 403, "insufficient_scope");
    await createPet({ name: "Feed Hidden" });
    // Key events on the file store follow the key file within seconds (docs/decisions/163).
    let seen: FeedEvent[] = [];
    for (let attempt = 0; attempt < 40; attempt++) {
      seen = (await readAll(start, reader.key)).events;
      if (seen.some((event) => event.type === "key.revoked" && event.data.object.id === pets.record.id)) break;
      await sleep(250);
    }
    expect(seen.every((event) => !event.type.startsWith("pet.") && !event.type.startsWith("order."))).toBe(true);
    const created = seen.find((event) => event.type === "key.created" && event.data.object.id === reader.record.id);
    expect(created?.data.object).toEqual({
      id: reader.record.id,
      name: "feed reader",
      scopes: ["events:read", "keys:read"],
      createdAt: reader.record.createdAt,
    });
    expect(created?.actor).toEqual({ type: "operator" });
    expect(JSON.stringify(seen)).not.toContain(reader.record.hash);
    expect(
      seen.filter((event) => event.type === "key.revoked" && event.data.object.id === pets.record.id),
    ).toHaveLength(1);
    expectError(await api("/v1/events?type=order.placed", { key: reader.key }), 403, "insufficient_scope");
  });
});
