import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { canTransition, isOpenOrder, type Order } from "@/lib/orders/schemas";
import type { Pet } from "@/lib/pets/schemas";
import { petStatusFor } from "@/lib/orders/order-store";
import { APPLICATION_TRANSITIONS, type ApplicationRecord } from "@/lib/applications/schemas";
import { openFileStore } from "@/lib/composition/file-store";
import { journalGeneration } from "./layout";
import { encodePetLine } from "@/lib/pets/file-pet-record";
import { makeTempDir, recordingLogger, removeTempDir, spawnStoreChild } from "@/tests/support/store/test-support";

const ROUNDS = 5;

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await removeTempDir(dir);
});

it("keeps every acknowledged pet, intact and with a unique id, through repeated SIGKILLs mid-write and torn batches", async () => {
  const acknowledged: Pet[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    // 64 creates in flight and a compaction every 300 pets, so kills land mid-batch,
    // mid-rotation and mid-snapshot; each round reopens what the last one left.
    const child = spawnStoreChild(["create", dir, "64", "300"]);
    await child.ready;
    const killAfter = 200 + Math.floor(Math.random() * 1500); // acknowledgements
    await waitFor(() => child.lines.length > killAfter);
    child.process.kill("SIGKILL");
    await child.exited;
    expect(child.stderr()).not.toMatch(/failed|Error/); // recovery warnings are expected
    acknowledged.push(...child.lines.map((line) => JSON.parse(line) as Pet));
    await tearNextBatch(round);
  }

  const store = await openFileStore(dir, { logger: recordingLogger() });
  try {
    const ids = acknowledged.map((pet) => pet.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const pet of acknowledged) expect(await store.get(pet.id)).toEqual(pet);
    // Nothing stored twice either: a full walk has distinct, strictly descending ids.
    const all = (await store.list({ limit: 1_000_000 })).pets.map((pet) => pet.id);
    expect(all.every((id, i) => i === 0 || id < (all[i - 1] as number))).toBe(true);
    expect(all.length).toBeGreaterThanOrEqual(acknowledged.length);
    expect(all[0]).toBeLessThan(TORN_IDS); // every torn batch was dropped
  } finally {
    await store.close();
  }
}, 60_000);

it("never lets a pet's status and its orders disagree, through repeated SIGKILLs mid-adoption", async () => {
  const acknowledged = new Map<number, Order>();
  // Creates, orders and transitions 32 at a time, compacting every 200 pets.
  for (const line of await killedRounds(["adopt", dir, "32", "200"], 300, 1500)) {
    const { order } = JSON.parse(line) as { order?: Order };
    if (order) acknowledged.set(order.id, order);
  }

  const store = await openFileStore(dir, { logger: recordingLogger() });
  try {
    const orders = (await store.listOrders({ limit: 1_000_000 })).orders;
    // Every acknowledged change is there (or a later one the kill hid from us).
    for (const seen of acknowledged.values()) {
      const stored = orders.find((order) => order.id === seen.id);
      expect(stored).toBeDefined();
      if (stored!.status !== seen.status) expect(canTransition(seen.status, stored!.status)).toBe(true);
    }
    // Each pet has at most one open order, and its status is what its latest order says.
    const latest = new Map<number, Order>();
    for (const order of [...orders].reverse()) latest.set(order.petId, order);
    const open = orders.filter((order) => isOpenOrder(order.status)).map((order) => order.petId);
    expect(new Set(open).size).toBe(open.length);
    for (const [petId, order] of latest) {
      expect((await store.get(petId))?.status, `pet ${petId}, order ${order.id} ${order.status}`).toBe(
        petStatusFor(order.status),
      );
    }
    expect(acknowledged.size).toBeGreaterThan(0);
  } finally {
    await store.close();
  }
}, 60_000);

it("keeps every acknowledged application, and its order, through repeated SIGKILLs mid-approval", async () => {
  const acknowledged = new Map<number, ApplicationRecord>();
  // Submissions, racing approvals and withdrawals 16 at a time, compacting every 100 pets.
  for (const line of await killedRounds(["apply", dir, "16", "100"], 200, 1000)) {
    const { application } = JSON.parse(line) as { application?: ApplicationRecord };
    if (application) acknowledged.set(application.id, application);
  }

  const store = await openFileStore(dir, { logger: recordingLogger() });
  try {
    const stored = (await store.listApplications({ limit: 1_000_000 })).applications;
    const byId = new Map(stored.map((application) => [application.id, application]));
    // Every acknowledged change is there, answers and all (or a later one the kill hid from us).
    for (const seen of acknowledged.values()) {
      const now = byId.get(seen.id);
      expect(now?.personal).toEqual(seen.personal);
      if (now!.state !== seen.state) expect(APPLICATION_TRANSITIONS[seen.state]).toContain(now!.state);
    }
    // An application and its order never disagree, and a pet has at most one approved application.
    const approvedPets = stored.filter((application) => application.state === "approved").map((a) => a.petId);
    expect(new Set(approvedPets).size).toBe(approvedPets.length);
    for (const application of stored) {
      if (application.state === "submitted") expect(application.orderId).toBeUndefined();
      if (application.orderId === undefined) continue;
      const order = await store.getOrder(application.orderId);
      expect(order?.adopter).toBe(`Application ${application.reference}`);
      expect(order?.status).toBe(application.state === "approved" ? "placed" : "cancelled");
      expect((await store.get(application.petId))?.status).toBe(
        application.state === "approved" ? "pending" : "available",
      );
    }
    expect([...acknowledged.values()].some((application) => application.state === "withdrawn")).toBe(true);
  } finally {
    await store.close();
  }
}, 60_000);

const TORN_IDS = 1e9;

/**
 * What a power cut can add to a kill: a batch whose pages reached the disk out of order,
 * a lost page in its middle between good lines, and no commit record. Recovery must cut
 * it whole, though good lines follow the bad ones.
 */
async function tearNextBatch(round: number): Promise<void> {
  const journals = (await fs.readdir(dir)).filter((name) => journalGeneration(name) !== undefined).sort();
  const lines = Array.from({ length: 100 }, (_, i) =>
    encodePetLine({ id: TORN_IDS + round * 1000 + i, name: `torn ${round}-${i}`, categoryId: 1, status: "sold" }),
  );
  const batch = Buffer.from(lines.join(""));
  batch.fill(0, 1024, 2048); // the lost page
  await fs.appendFile(path.join(dir, journals.at(-1) as string), batch);
}

/** Three rounds of a store child killed with SIGKILL after at least `least` acknowledgements; every line it printed. */
async function killedRounds(args: string[], least: number, spread: number): Promise<string[]> {
  const lines: string[] = [];
  for (let round = 0; round < 3; round++) {
    const child = spawnStoreChild(args);
    await child.ready;
    await waitFor(() => child.lines.length > least + Math.floor(Math.random() * spread));
    child.process.kill("SIGKILL");
    await child.exited;
    expect(child.stderr()).not.toMatch(/failed|Error/); // recovery warnings are expected
    lines.push(...child.lines);
  }
  return lines;
}

async function waitFor(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((resolve) => setTimeout(resolve, 5));
}
