import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { PetStore } from "@/lib/store/pet-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { openFileStore } from "./file-store";

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
