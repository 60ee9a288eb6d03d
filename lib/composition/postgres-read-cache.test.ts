import { describe, expect, it } from "vitest";
import type { Pet } from "@/lib/pets/schemas";
import type { PetStore } from "@/lib/composition/pet-store";
import type { ListPetsQuery, PetPage } from "@/lib/pets/pet-store";
import { decodeCursor, encodeCursor } from "@/lib/paging/cursor";
import { withReadCache } from "./postgres-read-cache";

/** A store whose list answers from an array (a promise, as PostgreSQL's does), counting reads. */
function fakeStore() {
  const pets: Pet[] = [];
  let nextId = 1;
  const gate: { hold?: Promise<void> } = {};
  const store = {
    reads: 0,
    pets,
    gate,
    async list({ limit, status, cursor }: ListPetsQuery): Promise<PetPage> {
      store.reads++;
      const before = cursor === undefined ? Infinity : decodeCursor(cursor, status);
      const matching = pets.filter((pet) => (status === undefined || pet.status === status) && pet.id < before);
      const snapshot = matching.map((pet) => ({ ...pet })).reverse();
      await gate.hold;
      const shown = snapshot.slice(0, limit);
      return snapshot.length > limit
        ? { pets: shown, nextCursor: encodeCursor(shown.at(-1)!.id, status) }
        : { pets: shown };
    },
    async create(pet: { name: string; categoryId: number }): Promise<Pet> {
      const created: Pet = { id: nextId++, status: "available", ...pet };
      pets.push(created);
      return created;
    },
    async get() {
      return undefined;
    },
    // A correction; of a pet not (yet) there, a write that fails on this side (a timeout) and commits on the database's.
    async updatePet(id: number, patch: Partial<Pet>): Promise<Pet> {
      const at = pets.findIndex((pet) => pet.id === id);
      if (at < 0) throw new Error("query read timeout");
      pets[at] = { ...pets[at]!, ...patch };
      return pets[at]!;
    },
    async close() {},
  };
  return store;
}

function fakeFeed() {
  const subscribers = new Set<(table: string, origin?: number) => void>();
  return {
    live: true,
    subscribe(onChange: (table: string, origin?: number) => void) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    async close() {},
    announce(table: string, origin?: number) {
      for (const subscriber of subscribers) subscriber(table, origin);
    },
  };
}

/** This instance's backends: 7 and 8; distrust forgets them. */
function fakeOwn() {
  let pids = new Set([7, 8]);
  return {
    has: (origin: number | undefined) => origin !== undefined && pids.has(origin),
    distrust: () => {
      pids = new Set();
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

  describe("with its own backends known (docs/decisions/228)", () => {
    const names = (page: PetPage) => page.pets.map((pet) => pet.name);

    it("puts a pet it created into the pages it belongs on, without reading again, and keeps later pages", async () => {
      const store = fakeStore();
      const cached = withReadCache(store as unknown as PetStore, fakeFeed(), fakeOwn());
      for (const name of ["A", "B", "C"]) await cached.create({ name, categoryId: 1 });
      const first = await cached.list({ limit: 2 });
      expect(names(first)).toEqual(["C", "B"]);
      const reads = store.reads;
      await cached.create({ name: "D", categoryId: 1 });
      const after = cached.list({ limit: 2 }) as PetPage;
      expect(after).not.toBeInstanceOf(Promise);
      expect(names(after)).toEqual(["D", "C"]);
      expect(after.nextCursor).toBeDefined();
      expect(Object.isFrozen(after.pets[0])).toBe(true);
      // Not on the sold pets' first page: that page is the same object as before.
      const sold = await cached.list({ limit: 2, status: "sold" });
      await cached.create({ name: "E", categoryId: 1 });
      expect(cached.list({ limit: 2, status: "sold" })).toBe(sold);
      expect(store.reads).toBe(reads + 1);
    });

    it("cuts every first page from one list: other limits after a create need no read, and their cursors lead on", async () => {
      const store = fakeStore();
      const cached = withReadCache(store as unknown as PetStore, fakeFeed(), fakeOwn());
      for (const name of ["A", "B", "C", "D", "E"]) await cached.create({ name, categoryId: 1 });
      expect(names(await cached.list({ limit: 3 }))).toEqual(["E", "D", "C"]);
      const reads = store.reads;
      const two = cached.list({ limit: 2 }) as PetPage;
      expect(names(two)).toEqual(["E", "D"]);
      expect(cached.list({ limit: 2 })).toBe(two);
      await cached.create({ name: "F", categoryId: 1 });
      const pages = [1, 2, 3].map((limit) => cached.list({ limit }) as PetPage);
      expect(pages.map(names)).toEqual([["F"], ["F", "E"], ["F", "E", "D"]]);
      expect(store.reads).toBe(reads);
      expect(pages[2]!.pets[0]).toBe(pages[0]!.pets[0]);
      // Each page's cursor names its last pet: the next page follows on (read, it is after a cursor).
      expect(pages[1]!.nextCursor).toBe(encodeCursor(5, undefined));
      expect(names(await cached.list({ limit: 2, cursor: pages[1]!.nextCursor }))).toEqual(["D", "C"]);
      expect(names(await cached.list({ limit: 3, cursor: pages[2]!.nextCursor }))).toEqual(["C", "B", "A"]);
    });

    it("reads a limit its list does not cover once, and cuts the smaller ones from it after", async () => {
      const store = fakeStore();
      const cached = withReadCache(store as unknown as PetStore, fakeFeed(), fakeOwn());
      for (const name of ["A", "B", "C", "D", "E"]) await cached.create({ name, categoryId: 1 });
      await cached.list({ limit: 2 });
      const reads = store.reads;
      expect(names(await cached.list({ limit: 4 }))).toEqual(["E", "D", "C", "B"]);
      expect(store.reads).toBe(reads + 1);
      const three = cached.list({ limit: 3 }) as PetPage;
      expect(names(three)).toEqual(["E", "D", "C"]);
      expect(three.nextCursor).toBe(encodeCursor(3, undefined));
      // Past the listing's end: read once, then every larger limit is the whole listing, no cursor.
      expect((await cached.list({ limit: 50 })).nextCursor).toBeUndefined();
      const all = cached.list({ limit: 99 }) as PetPage;
      expect(names(all)).toEqual(["E", "D", "C", "B", "A"]);
      expect(all.nextCursor).toBeUndefined();
      expect(store.reads).toBe(reads + 2);
    });

    it("a status change moves a pet from one status's list to the other's", async () => {
      const store = fakeStore();
      const cached = withReadCache(store as unknown as PetStore, fakeFeed(), fakeOwn());
      for (const name of ["A", "B", "C"]) await cached.create({ name, categoryId: 1 });
      expect(names(await cached.list({ limit: 2, status: "available" }))).toEqual(["C", "B"]);
      expect(names(await cached.list({ limit: 2, status: "sold" }))).toEqual([]);
      await cached.updatePet(2, { status: "sold" });
      const available = await cached.list({ limit: 2, status: "available" });
      expect(names(available)).toEqual(["C", "A"]);
      expect(available.nextCursor).toBeUndefined();
      expect(names(await cached.list({ limit: 2, status: "sold" }))).toEqual(["B"]);
      // A create of this instance goes into its status's list only.
      await cached.create({ name: "D", categoryId: 1 });
      expect(names(cached.list({ limit: 1, status: "available" }) as PetPage)).toEqual(["D"]);
      expect(names(cached.list({ limit: 5, status: "sold" }) as PetPage)).toEqual(["B"]);
    });

    it("takes its own commits' NOTIFY as known, and another instance's as news", async () => {
      const store = fakeStore();
      const feed = fakeFeed();
      const cached = withReadCache(store as unknown as PetStore, feed, fakeOwn());
      await cached.list(query);
      await store.create({ name: "F", categoryId: 1 }); // a write the cache did not see settle
      feed.announce("pets", 7);
      expect((await cached.list(query)).pets).toEqual([]);
      feed.announce("pets", 99);
      expect(names(await cached.list(query))).toEqual(["F"]);
    });

    it("after a failed write, trusts no backend it knew: a late commit's NOTIFY is news", async () => {
      const store = fakeStore();
      const feed = fakeFeed();
      const cached = withReadCache(store as unknown as PetStore, feed, fakeOwn());
      await cached.list(query);
      await expect(cached.updatePet(1, { name: "G" })).rejects.toThrow();
      expect((await cached.list(query)).pets).toEqual([]);
      await store.create({ name: "G", categoryId: 1 }); // it committed after all
      feed.announce("pets", 7);
      expect(names(await cached.list(query))).toEqual(["G"]);
    });
  });
});
