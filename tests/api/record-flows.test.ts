import { describe, expect, it } from "vitest";
import { api, type ApiResponse } from "@/tests/api/support/api";
import { createPet } from "@/tests/api/support/pets";

/*
 * The record's steps inside the existing flows (issue 41, docs/decisions/254), over HTTP: a pet
 * created through the plain POST /v1/pets has its first stay, its real intake takes that stay
 * (docs/decisions/267), and an order delivered closes it with an adoption. The stays are read from the event feed, which carries each stay's summary.
 */

interface StayEvent {
  type: "stay.opened" | "stay.closed";
  createdAt: string;
  data: {
    object: {
      id: number;
      petId: number;
      intake: Record<string, unknown>;
      outcome?: Record<string, unknown>;
      placements: unknown[];
    };
  };
}

const NEXT = /^<(\/v1\/events\?[^>]+)>; rel="next"$/;
const nextOf = (response: ApiResponse) => NEXT.exec(String(response.headers.link))?.[1] as string;

/** The feed's current end, to read only what follows. */
async function endOfFeed(): Promise<string> {
  let next = "/v1/events?limit=100";
  for (;;) {
    const response = await api(next);
    expect(response.status, response.text).toBe(200);
    next = nextOf(response);
    if ((response.json as unknown[]).length < 100) return next;
  }
}

/** The events after `start` of the given types, every page. */
async function eventsAfter<Event>(start: string, types: string): Promise<Event[]> {
  const events: Event[] = [];
  let next = `${start}&type=${types}`;
  for (;;) {
    const response = await api(next);
    expect(response.status, response.text).toBe(200);
    const page = response.json as Event[];
    events.push(...page);
    next = nextOf(response);
    if (page.length < 100) return events;
  }
}

const stayEventsOf = async (start: string, petId: number) =>
  (await eventsAfter<StayEvent>(start, "stay.opened,stay.closed")).filter((event) => event.data.object.petId === petId);

const NOT_RECORDED = { type: "other", subtype: "not_recorded", condition: "not_assessed", sourceKind: "unknown" };

describe("the record's flows", () => {
  it("gives a pet created through the plain POST /v1/pets one open stay, other and not recorded, at its creation", async () => {
    const start = await endOfFeed();
    const pet = await createPet();
    const [created] = await eventsAfter<{ createdAt: string; data: { object: { id: number } } }>(
      start,
      "pet.created",
    ).then((events) => events.filter((event) => event.data.object.id === pet.id));
    const stays = await stayEventsOf(start, pet.id);
    expect(stays.map((event) => event.type)).toEqual(["stay.opened"]);
    const opened = stays[0]?.data.object;
    expect(opened).toEqual({
      id: expect.any(Number),
      petId: pet.id,
      intake: { ...NOT_RECORDED, at: created?.createdAt },
      placements: [],
    });
    expect(stays[0]?.createdAt).toBe(created?.createdAt);
  });

  it("takes a new pet's real intake in place of its first one: the same stay, stay.corrected naming the fields", async () => {
    const pet = await createPet();
    const start = await endOfFeed();
    const intake = { at: "2026-11-01T09:00:00Z", type: "stray", condition: "healthy", sourceKind: "unknown" };
    const recorded = await api(`/v1/pets/${pet.id}/stays`, { json: intake });
    expect(recorded.status, recorded.text).toBe(200);
    const stay = recorded.json as StayEvent["data"]["object"];
    const events = await eventsAfter<StayEvent & { data: { part: string; fields: string[] } }>(start, "stay.corrected");
    const corrected = events.filter((event) => event.data.object.petId === pet.id);
    expect(corrected.map(({ data }) => data)).toEqual([
      { object: stay, part: "intake", fields: ["at", "type", "subtype", "condition"] },
    ]);
  });

  it("closes the pet's stay with an adoption, the order's id and its time, when the order is delivered", async () => {
    const start = await endOfFeed();
    const pet = await createPet();
    const order = (await api("/v1/store/orders", { json: { petId: pet.id, adopter: "Ada" } })).json as { id: number };
    const approved = await api(`/v1/store/orders/${order.id}`, { method: "PATCH", json: { status: "approved" } });
    expect(approved.status, approved.text).toBe(200);
    expect((await stayEventsOf(start, pet.id)).map((event) => event.type)).toEqual(["stay.opened"]);

    const delivered = await api(`/v1/store/orders/${order.id}`, { method: "PATCH", json: { status: "delivered" } });
    expect(delivered.status, delivered.text).toBe(200);
    const { updatedAt } = delivered.json as { updatedAt: string };
    const [opened, closed, ...more] = await stayEventsOf(start, pet.id);
    expect(more).toEqual([]);
    expect(closed?.type).toBe("stay.closed");
    expect(closed?.data.object).toEqual({
      ...opened?.data.object,
      outcome: { at: updatedAt, type: "adoption", orderId: order.id },
    });
  });

  it("opens and closes at once the stay of a pet created sold: adopted, not in care", async () => {
    const start = await endOfFeed();
    const pet = await createPet({ status: "sold" });
    const stays = await stayEventsOf(start, pet.id);
    expect(stays.map((event) => event.type)).toEqual(["stay.opened", "stay.closed"]);
    const { intake, outcome } = stays[1]?.data.object ?? {};
    expect(outcome).toEqual({ at: intake?.at, type: "adoption" });
  });
});
