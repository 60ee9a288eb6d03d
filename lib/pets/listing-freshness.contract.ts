import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { PET_STATUSES, type Pet, type PetStatus } from "@/lib/pets/schemas";
import { inListing } from "@/lib/paging/page-changes";
import type { ContractSubject } from "@/tests/support/store/contract-subject";
import type { ListPetsQuery } from "@/lib/pets/pet-store";

/**
 * Remembered listings never outlive a write that changed them (issue 39, docs/decisions/227):
 * random creates, corrections and orders, and after each every page of many listings, walked
 * by its cursors, is what the pets as they now are say it must be. A store that forgets too
 * few pages after a write (a wrong rule in lib/paging/page-changes.ts) fails here.
 */
export function describeListingFreshnessContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`PetStore.list after writes, remembered pages: ${name}`, () => {
    let subject: ContractSubject;
    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    const queries: Omit<ListPetsQuery, "limit">[] = [
      {},
      { filter: { listed: true } },
      ...PET_STATUSES.map((status) => ({ status, filter: { listed: true } })),
      { categoryId: 2 },
      { status: "available", filter: { q: "re" } },
    ];

    it("every page of every listing, after each write, shows the pets as they are", async () => {
      const store = subject.store;
      let seed = 7;
      const next = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
      const pick = <T>(items: readonly T[]) => items[Math.floor(next() * items.length)] as T;
      const ids: number[] = [];
      const orders = new Map<number, number>(); // pet id → open order id
      for (let i = 0; i < 12; i++) ids.push((await store.create({ name: `Rex ${i}`, categoryId: 1 + (i % 2) })).id);
      // Every listing read (and so remembered) before the writes begin.
      await expectPagesTrue(subject, ids, queries);
      for (let step = 0; step < 40; step++) {
        const id = pick(ids);
        const what = next();
        if (what < 0.25) ids.push((await store.create({ name: pick(["Rex", "Tom"]), categoryId: pick([1, 2]) })).id);
        else if (what < 0.45 && !orders.has(id)) {
          const status = pick(PET_STATUSES.filter((s) => s !== "pending")) as PetStatus;
          await store.updatePet(id, { status, reason: "correction" }).catch(() => {});
        } else if (what < 0.6) await store.updatePet(id, { listed: next() < 0.5 ? false : true });
        else if (what < 0.75)
          await store.updatePet(id, { name: pick(["Rex", "Tom", "Fred"]), categoryId: pick([1, 2]) });
        else if (orders.has(id)) {
          await store.transitionOrder(orders.get(id)!, "cancelled");
          orders.delete(id);
        } else {
          const order = await store.placeOrder({ petId: id, adopter: "Ada" }).catch(() => undefined);
          if (order) orders.set(id, order.id);
        }
        await expectPagesTrue(subject, ids, queries);
      }
    }, 120_000);
  });
}

/** Walks every listing at limits 1, 2 and 5 and compares each page with the pets read one by one. */
async function expectPagesTrue(subject: ContractSubject, ids: number[], queries: Omit<ListPetsQuery, "limit">[]) {
  const store = subject.store;
  const pets = (await Promise.all(ids.map((id) => store.get(id)))).filter((pet): pet is Pet => pet !== undefined);
  for (const query of queries) {
    for (const limit of [1, 2, 5]) {
      const expected = pets
        .filter((pet) => inListing(pet, { ...query, limit }, ""))
        .sort((a, b) => b.id - a.id)
        .map((pet) => JSON.stringify(pet));
      const seen: string[] = [];
      let cursor: string | undefined;
      do {
        const page = await store.list({ ...query, limit, cursor });
        seen.push(...page.pets.map((pet) => JSON.stringify(pet)));
        cursor = page.nextCursor;
      } while (cursor && seen.length <= expected.length);
      expect(seen, JSON.stringify({ query, limit })).toEqual(expected);
    }
  }
}
