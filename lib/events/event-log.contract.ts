import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { actingAs } from "@/lib/events/actor";
import { CursorExpiredError, type LoggedEvent } from "@/lib/events/event-log";
import { Event } from "@/lib/events/event-types";
import { newEvent } from "@/lib/events/new-events";
import { onEventsAppended } from "@/lib/events/appended";
import type { ContractSubject } from "@/tests/support/store/contract-subject";

/** The durable event log (lib/events/event-log.ts, docs/decisions/160–162), run against each adapter. */
export function describeEventLogContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`EventLog contract: ${name}`, () => {
    let subject: ContractSubject;
    const store = () => subject.store;
    const all = async (afterSequence = 0) => store().readEvents({ afterSequence, limit: 1000 });
    const types = (events: LoggedEvent[]) => events.map((logged) => logged.event.type);

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it("records each change with its event, in order, each valid by its type's schema", async () => {
      const pet = await actingAs({ type: "api_key", id: "a1b2c3d4e5f6" }, () =>
        store().create({ name: "Rex", categoryId: 1 }),
      );
      await store().updatePet(pet.id, { status: "sold", reason: "Adopted at the fair" });
      await store().updatePet(pet.id, { status: "available", reason: "Entered by mistake" });
      const order = await store().placeOrder({ petId: pet.id, adopter: "Ada" });
      await store().updateOrder(order.id, { note: "Calls back" });
      await store().transitionOrder(order.id, "approved");
      await store().transitionOrder(order.id, "delivered");
      const category = await store().createCategory({ name: "Dogs" });
      await store().renameCategory(category.id, "Hounds");
      await store().renameCategory(category.id, "Hounds");
      await subject.settle();

      const logged = await all();
      // A new pet's first stay and the delivery's adoption are in the same writes (docs/decisions/254).
      expect(types(logged)).toEqual([
        "pet.created",
        "stay.opened",
        "pet.status_changed",
        "pet.status_changed",
        "order.placed",
        "pet.status_changed",
        "order.updated",
        "order.approved",
        "order.delivered",
        "pet.status_changed",
        "stay.closed",
        "category.created",
        "category.renamed",
      ]);
      const sequences = logged.map((entry) => entry.sequence);
      expect([...sequences].sort((a, b) => a - b)).toEqual(sequences);
      expect(new Set(sequences).size).toBe(sequences.length);
      for (const { event } of logged) expect(Event.parse(event)).toEqual(event);
      expect(logged[0]?.event).toMatchObject({
        actor: { type: "api_key", id: "a1b2c3d4e5f6" },
        data: { object: { id: pet.id, name: "Rex", categoryId: 1, status: "available" } },
      });
      expect(logged[1]?.event).toMatchObject({
        actor: { type: "api_key", id: "a1b2c3d4e5f6" },
        data: { object: { petId: pet.id, intake: { type: "other", subtype: "not_recorded" } } },
      });
      expect(logged[2]?.event.data).toMatchObject({ from: "available", to: "sold", object: { status: "sold" } });
      expect(logged[5]?.event.data).toMatchObject({ from: "available", to: "pending", object: { name: "Rex" } });
      expect(logged[9]?.event.data).toMatchObject({ from: "pending", to: "sold" });
      expect(logged[8]?.event.data.object).toMatchObject({ id: order.id, status: "delivered", note: "Calls back" });
      expect(logged[10]?.event.data.object).toMatchObject({
        petId: pet.id,
        outcome: { type: "adoption", orderId: order.id },
      });
      expect(logged[12]?.event.data.object).toEqual({ id: category.id, name: "Hounds" });
      expect(logged[3]?.event.actor).toEqual({ type: "system" });
      expect(await store().latestSequence()).toBe(sequences.at(-1));
    });

    it("records nothing for a refused write or a change that changes nothing", async () => {
      const pet = await store().create({ name: "Rex", categoryId: 1 });
      await store().placeOrder({ petId: pet.id, adopter: "Ada" });
      await expect(store().placeOrder({ petId: pet.id, adopter: "Bo" })).rejects.toThrow();
      await expect(store().updatePet(pet.id, { status: "sold", reason: "x" })).rejects.toThrow();
      await expect(store().renameCategory(999, "Nobody")).resolves.toBeUndefined();
      await subject.settle();
      expect(types(await all())).toEqual(["pet.created", "stay.opened", "order.placed", "pet.status_changed"]);
    });

    it("pages after a sequence, filters by type, and stops at throughSequence", async () => {
      for (let i = 0; i < 5; i++) await store().create({ name: `Pet ${i}`, categoryId: 1 });
      await store().createCategory({ name: "Cats" });
      await subject.settle();
      const every = await all();
      const first = await store().readEvents({ afterSequence: 0, limit: 2 });
      expect(first).toEqual(every.slice(0, 2));
      const next = await store().readEvents({ afterSequence: first[1]!.sequence, limit: 2 });
      expect(next).toEqual(every.slice(2, 4));
      const categories = await store().readEvents({ afterSequence: 0, limit: 10, types: ["category.created"] });
      expect(types(categories)).toEqual(["category.created"]);
      const through = await store().readEvents({ afterSequence: 0, limit: 10, throughSequence: every[2]!.sequence });
      expect(through).toEqual(every.slice(0, 3));
      expect(await store().readEvents({ afterSequence: every.at(-1)!.sequence, limit: 10 })).toEqual([]);
    });

    it("appends events of its own once per id, and announces every append", async () => {
      const heard: number[] = [];
      const stop = onEventsAppended((sequence) => heard.push(sequence));
      try {
        const key = {
          id: "0123456789ab",
          name: "ci",
          scopes: ["pets:read" as const],
          createdAt: new Date().toISOString(),
        };
        const event = newEvent("key.created", { object: key }, key.createdAt, { type: "operator" });
        const [sequence] = await store().appendEvents([event]);
        expect(sequence).toBeGreaterThan(0);
        expect(await store().appendEvents([event])).toEqual([-1]);
        const pet = await store().create({ name: "Rex", categoryId: 1 });
        await subject.settle();
        expect(types(await all())).toEqual(["key.created", "pet.created", "stay.opened"]);
        expect((await all()).at(-2)?.event.data.object).toMatchObject({ id: pet.id });
        expect(heard).toContain(sequence);
        expect(Math.max(...heard)).toBeGreaterThan(sequence!);
      } finally {
        stop();
      }
    });

    it("records each id once whatever its type, when a store of people offers its events again after a restart", async () => {
      // The account and passkey stores of the file store carry their events in files of their
      // own and offer them again at every open (docs/decisions/189): issue 37 item 15.
      const at = new Date().toISOString();
      const person = {
        id: "per_0123456789abcdef01234567",
        role: "admin" as const,
        active: true,
        createdAt: at,
        updatedAt: at,
      };
      const session = {
        id: "ses_0123456789abcdef01234567",
        personId: person.id,
        method: "password" as const,
        createdAt: at,
      };
      const offered = [
        newEvent("person.created", { object: person }, at, { type: "operator" }),
        newEvent("session.signed_in", { object: session }, at, { type: "person", id: person.id }),
      ];
      for (const event of offered) expect(Event.parse(event)).toEqual(event);
      expect(await store().appendEvents(offered)).not.toContain(-1);
      await subject.settle();
      expect(await store().appendEvents(offered)).toEqual([-1, -1]);
      await subject.settle();
      expect(await store().appendEvents([...offered].reverse())).toEqual([-1, -1]);
      const ids = (await all()).map((logged) => logged.event.id);
      expect(ids).toEqual(offered.map((event) => event.id));
    });

    it("prunes events created before a time, and refuses a position retention has passed", async () => {
      await store().create({ name: "Old", categoryId: 1 });
      const old = await all();
      await new Promise((resolve) => setTimeout(resolve, 20));
      const cutoff = new Date();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await store().create({ name: "New", categoryId: 1 });
      // Each pet: pet.created and its first stay's stay.opened (docs/decisions/254).
      expect(await store().pruneEvents(cutoff)).toBe(2);
      const kept = await all(old.at(-1)!.sequence);
      expect(types(kept)).toEqual(["pet.created", "stay.opened"]);
      await expect(store().readEvents({ afterSequence: 0, limit: 10 })).rejects.toBeInstanceOf(CursorExpiredError);
      expect(await store().latestSequence()).toBe(kept.at(-1)!.sequence);
      // Sequences never go back, even when every event has been pruned.
      expect(await store().pruneEvents(new Date(Date.now() + 60_000))).toBe(2);
      const next = await store().create({ name: "Later", categoryId: 1 });
      const [later] = await all(kept.at(-1)!.sequence);
      expect(later?.sequence).toBeGreaterThan(kept.at(-1)!.sequence);
      expect(later?.event.data.object).toMatchObject({ id: next.id });
    });
  });
}
