import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { PetStore } from "@/lib/composition/pet-store";
import type { PetPage } from "@/lib/pets/pet-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { openFileStore } from "@/lib/composition/file-store";

let dir: string;
let store: PetStore;
afterEach(async () => {
  await store.close();
  await removeTempDir(dir);
});

async function open(): Promise<PetStore> {
  dir = await makeTempDir();
  return (store = await openFileStore(path.join(dir, "data"), { logger: recordingLogger() }));
}

describe("listings remembered between writes (page-memo.ts)", () => {
  it("a repeated listing is the same answer until something is written", async () => {
    await open();
    await store.create({ name: "Rex", categoryId: 1, status: "available" });
    const query = { limit: 20, status: "available" as const };
    const first = await store.list(query);
    expect(await store.list(query)).toBe(first);
    await store.create({ name: "Max", categoryId: 2, status: "available" });
    expect((await store.list(query)).pets.map((pet) => pet.name)).toEqual(["Max", "Rex"]);
  });

  it("an order that reserves a pet takes it off the available listing at once, and onto its orders'", async () => {
    await open();
    const rex = await store.create({ name: "Rex", categoryId: 1, status: "available" });
    const available = { limit: 20, status: "available" as const };
    expect((await store.list(available)).pets).toHaveLength(1);
    expect((await store.listOrders({ limit: 20 })).orders).toHaveLength(0);
    const order = await store.placeOrder({ petId: rex.id, adopter: "Ada" });
    expect((await store.list(available)).pets).toHaveLength(0);
    expect((await store.list({ limit: 20, status: "pending" })).pets.map((pet) => pet.id)).toEqual([rex.id]);
    expect((await store.listOrders({ limit: 20 })).orders.map((placed) => placed.id)).toEqual([order.id]);
    await store.transitionOrder(order.id, "cancelled");
    expect((await store.list(available)).pets.map((pet) => pet.id)).toEqual([rex.id]);
  });
});

const names = (page: PetPage) => page.pets.map((pet) => pet.name);

describe("first pages cut from one list per listing (lib/pets/file-first-page-memo.ts, docs/decisions/309)", () => {
  it("after a create, every limit's first page has the new pet on top, cursors that lead on, pets shared", async () => {
    await open();
    for (const name of ["A", "B", "C", "D", "E"]) await store.create({ name, categoryId: 1 });
    await store.list({ limit: 4 });
    await store.create({ name: "F", categoryId: 1 });
    const pages = [1, 2, 3, 4].map((limit) => store.list({ limit }) as PetPage);
    expect(pages.map(names)).toEqual([["F"], ["F", "E"], ["F", "E", "D"], ["F", "E", "D", "C"]]);
    expect(pages[3]!.pets[1]).toBe(pages[1]!.pets[1]);
    expect(store.list({ limit: 2 })).toBe(pages[1]);
    expect(names(await store.list({ limit: 2, cursor: pages[1]!.nextCursor }))).toEqual(["D", "C"]);
    expect(names(await store.list({ limit: 4, cursor: pages[3]!.nextCursor }))).toEqual(["B", "A"]);
    // Past the listing's end: the whole listing, no cursor.
    const all = await store.list({ limit: 50 });
    expect(names(all)).toEqual(["F", "E", "D", "C", "B", "A"]);
    expect(all.nextCursor).toBeUndefined();
  });

  it("a status change moves a pet from one status's list to the other's", async () => {
    await open();
    const [a, b] = [await store.create({ name: "A", categoryId: 1 }), await store.create({ name: "B", categoryId: 1 })];
    await store.create({ name: "C", categoryId: 1 });
    expect(names(await store.list({ limit: 2, status: "available" }))).toEqual(["C", "B"]);
    expect(names(await store.list({ limit: 2, status: "sold" }))).toEqual([]);
    await store.updatePet(b.id, { status: "sold", reason: "correction" });
    const available = await store.list({ limit: 2, status: "available" });
    expect(names(available)).toEqual(["C", "A"]);
    expect(available.nextCursor).toBeUndefined();
    expect(names(await store.list({ limit: 1, status: "available" }))).toEqual(["C"]);
    expect(names(await store.list({ limit: 2, status: "sold" }))).toEqual(["B"]);
    await store.updatePet(a.id, { name: "Alma" });
    expect(names(await store.list({ limit: 5, status: "available" }))).toEqual(["C", "Alma"]);
    expect(names(await store.list({ limit: 5 }))).toEqual(["C", "B", "Alma"]);
  });
});
