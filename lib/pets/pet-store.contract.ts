import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_PET_STATUS, PET_STATUSES, type NewPet, type Pet, type PetStatus } from "@/lib/pets/schemas";
import { encodeCursor } from "@/lib/paging/cursor";
import type { ContractSubject } from "@/tests/support/store/contract-subject";
import { InvalidCursorError } from "@/lib/errors/store-errors";

/**
 * The behaviour every PetStore adapter promises, written once. An adapter's test file
 * calls describePetStoreContract with a way to open a fresh, empty store.
 */
export function describePetStoreContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`PetStore contract: ${name}`, () => {
    let subject: ContractSubject;
    const store = () => subject.store;
    const plainPet = (i: number): NewPet => ({ name: `Pet ${i}`, categoryId: 1 });
    const createMany = async (count: number, pet = plainPet) => {
      const created: Pet[] = [];
      for (let i = 0; i < count; i++) created.push(await store().create(pet(i)));
      return created;
    };
    const walk = async (limit: number, status?: PetStatus, between?: () => Promise<void>) => {
      const seen: Pet[] = [];
      let cursor: string | undefined;
      do {
        const page = await store().list({ limit, status, cursor });
        expect(page.pets.length).toBeLessThanOrEqual(limit);
        if (page.nextCursor) expect(page.pets).toHaveLength(limit);
        seen.push(...page.pets);
        cursor = page.nextCursor;
        await between?.();
      } while (cursor);
      return seen;
    };
    const newestFirst = (pets: Pet[]) => [...pets].sort((a, b) => b.id - a.id);

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it("gives a new pet a positive id, its fields, and the default status when none is sent", async () => {
      const rex = await store().create({ name: "Rex", categoryId: 3 });
      const tom = await store().create({ name: "Tom", categoryId: 4, status: "sold" });
      expect(Number.isSafeInteger(rex.id) && rex.id > 0).toBe(true);
      expect(rex).toEqual({ id: rex.id, name: "Rex", categoryId: 3, status: DEFAULT_PET_STATUS });
      expect(tom).toEqual({ id: tom.id, name: "Tom", categoryId: 4, status: "sold" });
      await subject.settle();
      expect(await store().get(rex.id)).toEqual(rex);
      expect(await store().get(tom.id)).toEqual(tom);
    });

    it("counts pets by status, every status present", async () => {
      expect(await store().countByStatus()).toEqual({ available: 0, pending: 0, sold: 0 });
      await createMany(3);
      await createMany(2, (i) => ({ name: `Sold ${i}`, categoryId: 1, status: "sold" }));
      await subject.settle();
      expect(await store().countByStatus()).toEqual({ available: 3, pending: 0, sold: 2 });
    });

    it("never gives two pets the same id, even when created concurrently, and ids increase", async () => {
      const first = await createMany(5);
      const concurrent = await Promise.all(
        Array.from({ length: 50 }, (_, i) => store().create({ name: `Burst ${i}`, categoryId: 2 })),
      );
      const last = await createMany(5);
      const ids = [...first, ...concurrent, ...last].map((pet) => pet.id);
      expect(new Set(ids).size).toBe(ids.length);
      const lastOfFirst = Math.max(...first.map((pet) => pet.id));
      expect(Math.min(...concurrent.map((pet) => pet.id))).toBeGreaterThan(lastOfFirst);
      expect(Math.min(...last.map((pet) => pet.id))).toBeGreaterThan(Math.max(...concurrent.map((pet) => pet.id)));
      await subject.settle();
      expect((await walk(100)).map((pet) => pet.id).sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    });

    it("answers undefined for an id it never issued and an empty page when empty", async () => {
      expect(await store().list({ limit: 20 })).toEqual({ pets: [] });
      const pet = await store().create({ name: "Only", categoryId: 1 });
      await subject.settle();
      expect(await store().get(pet.id + 1)).toBeUndefined();
      expect(await store().get(987_654_321)).toBeUndefined();
    });

    it("lists newest first", async () => {
      const created = await createMany(7);
      await subject.settle();
      const { pets, nextCursor } = await store().list({ limit: 100 });
      expect(pets).toEqual(newestFirst(created));
      expect(nextCursor).toBeUndefined();
    });

    it("filters by status, newest first, across pages", async () => {
      const created = await createMany(30, (i) => ({
        name: `Pet ${i}`,
        categoryId: 1 + (i % 3),
        status: PET_STATUSES[i % PET_STATUSES.length],
      }));
      await subject.settle();
      for (const status of PET_STATUSES) {
        const expected = newestFirst(created.filter((pet) => pet.status === status));
        expect(await walk(4, status)).toEqual(expected);
        expect((await store().list({ limit: 100, status })).pets).toEqual(expected);
      }
    });

    it.each([1, 20, 100])("pages with limit %i: every pet once, no cursor on the last page", async (limit) => {
      const created = await createMany(45);
      await subject.settle();
      const seen = await walk(limit);
      expect(seen).toEqual(newestFirst(created));
      expect((await store().list({ limit })).pets).toHaveLength(Math.min(limit, 45));
    });

    it("gives no cursor when the page ends exactly at the last matching pet", async () => {
      await createMany(20);
      await store().create({ name: "Gone", categoryId: 1, status: "sold" });
      await subject.settle();
      const first = await store().list({ limit: 10, status: "available" });
      expect(first.nextCursor).toBeDefined();
      const second = await store().list({ limit: 10, status: "available", cursor: first.nextCursor });
      expect(second.pets).toHaveLength(10);
      expect(second.nextCursor).toBeUndefined();
    });

    it("a walk started before new pets arrive shows exactly the pets that existed, once each", async () => {
      const before = await createMany(25, (i) => ({
        name: `Old ${i}`,
        categoryId: 1,
        status: i % 2 ? "pending" : "available",
      }));
      await subject.settle();
      let added = 0;
      const addMore = async () => {
        const newPet = () => ({ name: `New ${added++}`, categoryId: 1, status: "pending" as const });
        await Promise.all([newPet(), newPet(), newPet()].map((pet) => store().create(pet)));
      };
      expect(await walk(3, undefined, addMore)).toEqual(newestFirst(before));
      const pendingNow = (await store().list({ limit: 100, status: "pending" })).pets;
      expect(pendingNow.length).toBeGreaterThan(before.length / 2); // the walk above added some
      expect(await walk(2, "pending", addMore)).toEqual(pendingNow);
    });

    it("refuses cursors it could not have issued", async () => {
      const pets = await createMany(3);
      await subject.settle();
      const maxId = Math.max(...pets.map((pet) => pet.id));
      const forged = [
        "",
        "not-a-cursor",
        "p2.*.1",
        Buffer.from("p2.*.0").toString("base64url"),
        Buffer.from("p2.1").toString("base64url"),
        Buffer.from("p2.*.-1").toString("base64url"),
        Buffer.from("p2.all.1").toString("base64url"),
        Buffer.from(`p1.${maxId.toString(36)}`).toString("base64url"), // the first release's format
        encodeCursor(maxId, undefined) + "A",
        encodeCursor(maxId + 1000, undefined),
      ];
      for (const cursor of forged) {
        await expect(store().list({ limit: 20, cursor }), cursor).rejects.toBeInstanceOf(InvalidCursorError);
      }
    });

    it("pages a listing only with its own cursors: another filter's is refused like an unknown one", async () => {
      const created = await createMany(12, (i) => ({
        name: `Pet ${i}`,
        categoryId: 1,
        status: PET_STATUSES[i % PET_STATUSES.length],
      }));
      await subject.settle();
      const unknownId = Math.max(...created.map((pet) => pet.id)) + 1000;
      const refusal = async (query: { status?: PetStatus; cursor: string }) => {
        // list may answer at once; a refusal is always a rejection.
        const error = await Promise.resolve(store().list({ limit: 2, ...query })).then(
          () => undefined,
          (caught: unknown) => caught,
        );
        expect(error, JSON.stringify(query)).toBeInstanceOf(InvalidCursorError);
        return (error as Error).message;
      };
      const filters = [undefined, ...PET_STATUSES];
      for (const status of filters) {
        const unknown = await refusal({ status, cursor: encodeCursor(unknownId, status) });
        // A well-formed cursor for this listing naming a pet outside it: no hint that the pet exists.
        for (const pet of created.filter((pet) => status !== undefined && pet.status !== status)) {
          expect(await refusal({ status, cursor: encodeCursor(pet.id, status) })).toBe(unknown);
        }
        // A cursor another listing issued, even naming a pet this one holds.
        const issued = (await store().list({ limit: 1, status })).nextCursor as string;
        for (const other of filters.filter((other) => other !== status)) {
          expect(await refusal({ status: other, cursor: issued })).toBe(
            await refusal({ status: other, cursor: encodeCursor(unknownId, other) }),
          );
        }
        // ...while its own cursor goes on where it left off.
        const next = await store().list({ limit: 100, status, cursor: issued });
        expect(next.pets).toEqual(
          newestFirst(created.filter((pet) => status === undefined || pet.status === status)).slice(1),
        );
      }
    });

    it("keeps unicode names exactly: emoji, right-to-left, combining marks, CJK", async () => {
      const names = [
        "🐶 Rex 🦴",
        "👩‍👩‍👧 family", // a ZWJ sequence
        "שָׁלוֹם", // right-to-left with combining points
        "مرحبا",
        "Zoe\u0301 e\u0301", // combining acute accents, not precomposed
        "柴犬 太郎",
        'Ünïcödé \\ "quoted"',
      ];
      const created = await Promise.all(names.map((name, i) => store().create({ name, categoryId: i + 1 })));
      await subject.settle();
      for (const pet of created) expect(await store().get(pet.id)).toEqual(pet);
      expect((await store().list({ limit: 100 })).pets.map((pet) => pet.name).sort()).toEqual([...names].sort());
    });
  });
}
