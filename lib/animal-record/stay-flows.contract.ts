import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PetStore } from "@/lib/composition/pet-store";
import type { LoggedEvent } from "@/lib/events/event-log";
import type { StayStore } from "./stay-store";
import { staySummary, type Stay } from "./stay-schemas";
import { intakeNotRecorded } from "./stay-rules";

/** The stores of one engine, open on its data (of the stays, what these flows are checked with). */
export interface FlowStores {
  pets: PetStore;
  stays: Pick<StayStore, "recordIntake" | "recordOutcome" | "listStays" | "getStay">;
}

/** An engine's data, opened as a store today (first stays on) or as one from before the record (off). */
export interface FlowEngine {
  open(options: { firstStays: boolean }): Promise<FlowStores>;
  close(stores: FlowStores): Promise<void>;
  /** What the first start after the upgrade does to pets from before the record (the file engine: its open). */
  upgrade(): Promise<void>;
  cleanup(): Promise<void>;
}

const UTC = { timeZone: "UTC" };
const soon = (ms: number) => new Date(Date.now() + ms).toISOString();

/**
 * The record's steps inside the pets' and orders' own writes (docs/decisions/254), the same
 * on every engine: a new pet's first stay, an adoption closing it, and the first stays of
 * pets from before the record.
 */
export function describeStayFlowsContract(name: string, make: () => Promise<FlowEngine>): void {
  describe(`${name}: the record's flows`, () => {
    let engine: FlowEngine;
    let stores: FlowStores;
    beforeEach(async () => {
      engine = await make();
      stores = await engine.open({ firstStays: true });
    });
    afterEach(async () => {
      await engine.close(stores);
      await engine.cleanup();
    });
    const eventsOf = async (petId: number): Promise<LoggedEvent[]> => {
      const all = await stores.pets.readEvents({ afterSequence: 0, limit: 1000 });
      const object = (event: LoggedEvent["event"]) => event.data.object as { id?: number; petId?: number };
      return all.filter(
        ({ event }) =>
          (event.type.startsWith("pet.") && object(event).id === petId) ||
          (event.type.startsWith("stay.") && object(event).petId === petId),
      );
    };
    const deliver = async (petId: number) => {
      const order = await stores.pets.placeOrder({ petId, adopter: "Sam Adopter" });
      await stores.pets.transitionOrder(order.id, "approved");
      return stores.pets.transitionOrder(order.id, "delivered");
    };

    it("gives a new pet one open stay, other and not recorded, at its creation, with its event", async () => {
      const pet = await stores.pets.create({ name: "Rex", categoryId: 1 });
      const [stay, ...others] = await stores.stays.listStays(pet.id);
      expect(others).toEqual([]);
      const created = (await eventsOf(pet.id)).find(({ event }) => event.type === "pet.created");
      const at = created?.event.createdAt as string;
      expect(stay).toEqual({ id: stay?.id, petId: pet.id, intake: intakeNotRecorded(at), placements: [] });
      const events = await eventsOf(pet.id);
      expect(events.map(({ event }) => event.type)).toEqual(["pet.created", "stay.opened"]);
      expect(events[1]?.event).toMatchObject({ createdAt: at, data: { object: staySummary(stay as Stay) } });
      expect(events[1]?.sequence).toBe((events[0]?.sequence as number) + 1);
    });

    it("records a new pet's real intake over its first stay: one stay, counted once under that intake", async () => {
      const pet = await stores.pets.create({ name: "Rex", categoryId: 1 });
      const [first] = await stores.stays.listStays(pet.id);
      // The day before the pet was entered: the animal arrived first.
      const arrived = { at: soon(-86_400_000), type: "stray", condition: "healthy", sourceKind: "unknown" } as const;
      const filled = { ...(first as Stay), intake: arrived };
      expect(await stores.stays.recordIntake(pet.id, arrived)).toEqual({ stay: filled, filled: true });
      expect(await stores.stays.listStays(pet.id)).toEqual([filled]);
      const types = (await eventsOf(pet.id)).map(({ event }) => event.type);
      expect(types).toEqual(["pet.created", "stay.opened", "stay.corrected"]);
    });

    it("gives every pet of a burst its own stay", async () => {
      const pets = await Promise.all(
        Array.from({ length: 12 }, (_, i) => stores.pets.create({ name: `Burst ${i}`, categoryId: 1 })),
      );
      const stays = await Promise.all(pets.map((pet) => stores.stays.listStays(pet.id)));
      expect(stays.map((list) => list.length)).toEqual(pets.map(() => 1));
      expect(new Set(stays.map(([stay]) => stay?.id)).size).toBe(pets.length);
    });

    it("closes the stay of a pet created sold with an adoption at once: it is not in care", async () => {
      const pet = await stores.pets.create({ name: "Gone", categoryId: 1, status: "sold" });
      const [stay] = await stores.stays.listStays(pet.id);
      expect(stay?.outcome).toEqual({ at: stay?.intake.at, type: "adoption" });
      expect((await eventsOf(pet.id)).map(({ event }) => event.type)).toEqual([
        "pet.created",
        "stay.opened",
        "stay.closed",
      ]);
    });

    it("closes the pet's stay with an adoption when its order is delivered, with the event after the order's", async () => {
      const pet = await stores.pets.create({ name: "Rex", categoryId: 1 });
      const order = await stores.pets.placeOrder({ petId: pet.id, adopter: "Sam Adopter" });
      await stores.pets.transitionOrder(order.id, "approved");
      const [open] = await stores.stays.listStays(pet.id);
      expect(open?.outcome).toBeUndefined();
      const delivered = await stores.pets.transitionOrder(order.id, "delivered");
      const [stay] = await stores.stays.listStays(pet.id);
      expect(stay).toEqual({
        ...open,
        outcome: { at: delivered.updatedAt, type: "adoption", orderId: order.id },
      });
      const types = (await eventsOf(pet.id)).map(({ event }) => event.type);
      expect(types).toEqual(["pet.created", "stay.opened", "pet.status_changed", "pet.status_changed", "stay.closed"]);
      const all = await stores.pets.readEvents({ afterSequence: 0, limit: 1000 });
      const closed = all.findIndex(({ event }) => event.type === "stay.closed");
      expect(all[closed - 2]?.event.type).toBe("order.delivered");
      expect(all[closed]?.event.createdAt).toBe(delivered.updatedAt);
    });

    it("delivers an order whose pet has no open stay, and leaves the stay as staff closed it", async () => {
      const pet = await stores.pets.create({ name: "Rex", categoryId: 1 });
      const order = await stores.pets.placeOrder({ petId: pet.id, adopter: "Sam Adopter" });
      await stores.pets.transitionOrder(order.id, "approved");
      const closed = await stores.stays.recordOutcome(
        pet.id,
        { at: soon(0), type: "transferred_out", subtype: "in_state" },
        UTC,
      );
      await expect(stores.pets.transitionOrder(order.id, "delivered")).resolves.toMatchObject({ status: "delivered" });
      expect(await stores.stays.listStays(pet.id)).toEqual([closed]);
      expect((await eventsOf(pet.id)).filter(({ event }) => event.type === "stay.closed")).toHaveLength(1);
    });

    it("delivers an order whose pet's open stay the rules cannot close then, and leaves that stay open", async () => {
      const pet = await stores.pets.create({ name: "Rex", categoryId: 1 });
      await stores.stays.recordOutcome(pet.id, { at: soon(0), type: "other_live" }, UTC);
      // An intake dated ahead (typed wrong): an adoption now would come before it.
      const { stay: ahead } = await stores.stays.recordIntake(pet.id, {
        ...intakeNotRecorded(soon(86_400_000)),
        subtype: "other",
      });
      await expect(deliver(pet.id)).resolves.toMatchObject({ status: "delivered" });
      expect(await stores.stays.getStay(ahead.id)).toEqual(ahead);
    });

    it("gives pets from before the record their first stay once, on the first start after the upgrade", async () => {
      await engine.close(stores);
      stores = await engine.open({ firstStays: false });
      const waiting = await stores.pets.create({ name: "Waiting", categoryId: 1 });
      const adopted = await stores.pets.create({ name: "Adopted", categoryId: 1 });
      const order = await deliver(adopted.id);
      const sold = await stores.pets.create({ name: "Sold", categoryId: 1, status: "sold" });
      expect(await stores.stays.listStays(waiting.id)).toEqual([]);
      const before = await stores.pets.readEvents({ afterSequence: 0, limit: 1000 });
      await engine.close(stores);

      await engine.upgrade();
      stores = await engine.open({ firstStays: true });
      const createdAt = (petId: number) =>
        before.find(({ event }) => event.type === "pet.created" && (event.data.object as { id: number }).id === petId)
          ?.event.createdAt as string;
      const [first] = await stores.stays.listStays(waiting.id);
      expect(first).toEqual({
        id: first?.id,
        petId: waiting.id,
        intake: intakeNotRecorded(createdAt(waiting.id)),
        placements: [],
      });
      const [adoption] = await stores.stays.listStays(adopted.id);
      expect(adoption?.intake).toEqual(intakeNotRecorded(createdAt(adopted.id)));
      expect(adoption?.outcome).toEqual({ at: order.updatedAt, type: "adoption", orderId: order.id });
      const [soldStay] = await stores.stays.listStays(sold.id);
      expect(soldStay?.outcome).toEqual({ at: createdAt(sold.id), type: "adoption" });
      // Nobody changed anything: no event says so.
      expect(await stores.pets.readEvents({ afterSequence: 0, limit: 1000 })).toEqual(before);

      const stays = await Promise.all([waiting, adopted, sold].map((pet) => stores.stays.listStays(pet.id)));
      await engine.close(stores);
      await engine.upgrade();
      stores = await engine.open({ firstStays: true });
      expect(await Promise.all([waiting, adopted, sold].map((pet) => stores.stays.listStays(pet.id)))).toEqual(stays);
    });
  });
}
