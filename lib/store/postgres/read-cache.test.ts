import { describe, expect, it } from "vitest";
import type { Pet } from "@/lib/pets/schemas";
import type { PetPage, PetStore } from "@/lib/store/pet-store";
import { withReadCache } from "./read-cache";

/** A store whose list answers from an array (a promise, as PostgreSQL's does), counting reads. */
function fakeStore() {
  const pets: Pet[] = [];
  let nextId = 1;
  const gate: { hold?: Promise<void> } = {};
  const store = {
    reads: 0,
    pets,
    gate,
    async list(): Promise<PetPage> {
      store.reads++;
      const snapshot = pets.map((pet) => ({ ...pet })).reverse();
      await gate.hold;
      return { pets: snapshot };
    },
    async create(pet: { name: string; categoryId: number }): Promise<Pet> {
      const created: Pet = { id: nextId++, status: "available", ...pet };
      pets.push(created);
      return created;
    },
    async get() {
      return undefined;
    },
    async close() {},
  };
  return store;
}

function fakeFeed() {
  const subscribers = new Set<(table: string) => void>();
  return {
    live: true,
    subscribe(onChange: (table: string) => void) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    async close() {},
    announce(table: string) {
      for (const subscriber of subscribers) subscriber(table);
    },
  };
}

const query = { limit: 20 };

describe("PostgreSQL read cache", () => {
  it("answers a repeated listing at once, frozen, without reading again", async () => {
    const store = fakeStore();
    const cached = withReadCache(store as unknown as PetStore, fakeFeed());
    await store.create({ name: "A", categoryId: 1 });
    const first = await cached.list(query);
    const second = cached.list(query);
    expect(second).not.toBeInstanceOf(Promise);
    expect(second).toBe(first);
    expect(Object.isFrozen((second as PetPage).pets[0])).toBe(true);
    expect(store.reads).toBe(1);
  });

  it("reads its own writes: a write that settled drops every remembered page", async () => {
    const store = fakeStore();
    const cached = withReadCache(store as unknown as PetStore, fakeFeed());
    await cached.list(query);
    await cached.create({ name: "B", categoryId: 1 });
    expect((await cached.list(query)).pets.map((pet) => pet.name)).toEqual(["B"]);
  });

  it("drops a listing when another instance's change to its table is announced, and only then", async () => {
    const store = fakeStore();
    const feed = fakeFeed();
    const cached = withReadCache(store as unknown as PetStore, feed);
    await cached.list(query);
    await store.create({ name: "C", categoryId: 1 }); // another instance's write
    feed.announce("orders");
    expect((await cached.list(query)).pets).toEqual([]);
    feed.announce("pets");
    expect((await cached.list(query)).pets.map((pet) => pet.name)).toEqual(["C"]);
  });

  it("does not remember a read that was under way when something changed", async () => {
    const store = fakeStore();
    const feed = fakeFeed();
    const cached = withReadCache(store as unknown as PetStore, feed);
    let open!: () => void;
    store.gate.hold = new Promise((resolve) => (open = resolve));
    const early = cached.list(query);
    await store.create({ name: "D", categoryId: 1 });
    feed.announce("pets");
    open();
    expect((await early).pets).toEqual([]);
    store.gate.hold = undefined;
    expect((await cached.list(query)).pets.map((pet) => pet.name)).toEqual(["D"]);
  });

  it("remembers nothing while the feed is lost", async () => {
    const store = fakeStore();
    const feed = fakeFeed();
    const cached = withReadCache(store as unknown as PetStore, feed);
    feed.live = false;
    await cached.list(query);
    await cached.list(query);
    expect(store.reads).toBe(2);
  });

  it("shares one read among requests that miss together", async () => {
    const store = fakeStore();
    const cached = withReadCache(store as unknown as PetStore, fakeFeed());
    await Promise.all([cached.list(query), cached.list(query), cached.list(query)]);
    expect(store.reads).toBe(1);
  });
});
