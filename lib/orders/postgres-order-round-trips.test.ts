import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordingLogger } from "@/tests/support/store/test-support";
import type { Order } from "@/lib/orders/schemas";
import type { IdempotencyRecord } from "@/lib/idempotency/idempotency-store";
import { OrderConflictError, OrderNotFoundError } from "@/lib/orders/order-store";
import { PetNotAvailableError } from "@/lib/pets/pet-errors";
import type { PetStore } from "@/lib/composition/pet-store";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { PURPOSES } from "@/lib/store/postgres/pools";

/*
 * Round trips per order write on the store's request pool (docs/decisions/230): a statement sent
 * and its answer awaited is one, whatever it is (BEGIN and COMMIT count). Creates take 2
 * (decision 181); every order write takes the same. The Idempotency-Key's claim is not
 * counted: it goes before the write, batched with other requests' (docs/decisions/242).
 */

/** Counts the statements the store's request pool (`pet-store:requests` connections) sends while `work` runs. */
async function roundTrips(work: () => Promise<unknown>): Promise<number> {
  let count = 0;
  const original = pg.Client.prototype.query;
  const spy = vi.spyOn(pg.Client.prototype, "query").mockImplementation(function (this: pg.Client, ...args) {
    const name = (this as unknown as { connectionParameters?: { application_name?: string } }).connectionParameters
      ?.application_name;
    if (name === PURPOSES.requests) count++;
    return (original as (...a: unknown[]) => unknown).apply(this, args) as never;
  });
  try {
    await work();
  } finally {
    spy.mockRestore();
  }
  return count;
}

const recordFor = (key: string, claimedAt: number): IdempotencyRecord<Order> => ({
  key,
  fingerprint: "fp",
  claimedAt,
  expiresAt: claimedAt + 86_400_000,
  answer: (order) => ({ status: 201, body: JSON.stringify(order), location: `/v1/store/orders/${order.id}` }),
});

describe("PostgreSQL order writes: round trips", () => {
  const target = newTestSchema();
  let store: PetStore;
  const pet = async () => (await store.create({ name: "Rex", categoryId: 1 })).id;

  beforeEach(async () => {
    store = await openPostgresStore({ ...target, poolMax: 4, cacheReads: false, logger: recordingLogger() });
  });
  afterEach(async () => {
    await store.close();
    await target.drop();
  });

  it("places an order under an Idempotency-Key in 2, as a create takes", async () => {
    const petId = await pet();
    expect(await roundTrips(() => store.create({ name: "Bella", categoryId: 1 }))).toBe(2);
    const now = Date.now();
    await store.claim("k:1", "fp", { now, ttlMs: 86_400_000, abandonAfterMs: 30_000 });
    let placed: Order | undefined;
    expect(
      await roundTrips(async () => (placed = await store.placeOrder({ petId, adopter: "Ada" }, recordFor("k:1", now)))),
    ).toBe(2);
    expect(await store.claim("k:1", "fp", { now, ttlMs: 86_400_000, abandonAfterMs: 30_000 })).toMatchObject({
      kind: "done",
      response: { body: JSON.stringify(placed) },
    });
    const other = await pet();
    expect(await roundTrips(() => store.placeOrder({ petId: other, adopter: "Bob", note: "calls first" }))).toBe(2);
  });

  it("moves an order through each step, and changes its note, in 2 each, a delivery closing the pet's stay too", async () => {
    const first = await store.placeOrder({ petId: await pet(), adopter: "Ada" });
    expect(await roundTrips(() => store.updateOrder(first.id, { status: "approved" }))).toBe(2);
    expect(await roundTrips(() => store.updateOrder(first.id, { note: "visits Friday" }))).toBe(2);
    expect(await roundTrips(() => store.updateOrder(first.id, { note: null }))).toBe(2);
    // A delivery closes its pet's stay too (docs/decisions/254): the stays are read with the order
    // and written in its statement (docs/decisions/275); before, 7 in one transaction.
    expect(await roundTrips(() => store.updateOrder(first.id, { status: "delivered", note: "done" }))).toBe(2);
    const second = await store.placeOrder({ petId: await pet(), adopter: "Bob" });
    expect(await roundTrips(() => store.transitionOrder(second.id, "cancelled"))).toBe(2);
    expect((await store.getOrder(first.id))?.status).toBe("delivered");
  });

  it("refuses in at most 2: a pet not available, an order missing or past the step", async () => {
    const petId = await pet();
    const order = await store.placeOrder({ petId, adopter: "Ada" });
    let refusal: unknown;
    const refused = (write: () => Promise<unknown>) => () => write().catch((error: unknown) => (refusal = error));
    expect(await roundTrips(refused(() => store.placeOrder({ petId, adopter: "Bob" })))).toBeLessThanOrEqual(2);
    expect(refusal).toBeInstanceOf(PetNotAvailableError);
    expect(await roundTrips(refused(() => store.transitionOrder(order.id + 99, "approved")))).toBeLessThanOrEqual(2);
    expect(refusal).toBeInstanceOf(OrderNotFoundError);
    await store.transitionOrder(order.id, "cancelled");
    expect(await roundTrips(refused(() => store.transitionOrder(order.id, "approved")))).toBeLessThanOrEqual(2);
    expect(refusal).toBeInstanceOf(OrderConflictError);
  });
});
