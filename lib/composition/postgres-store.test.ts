import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { encodeCursor } from "@/lib/paging/cursor";
import { recordingLogger } from "@/tests/support/store/test-support";
import { describePostgresStoreContracts } from "@/lib/composition/postgres-store-contracts.contract";
import { ClaimLostError } from "@/lib/idempotency/idempotency-store";
import { IdSpaceExhaustedError, InvalidCursorError } from "@/lib/errors/store-errors";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { newTestSchema } from "@/lib/store/postgres/test-schema";

describePostgresStoreContracts(false);

describe("PostgreSQL store cursors", () => {
  const target = newTestSchema();
  afterEach(async () => {
    await target.drop();
  });

  it("refuses a cursor naming a pet outside the list's status filter, like one naming no pet", async () => {
    const store = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger() });
    try {
      const sold = await store.create({ name: "Sold", categoryId: 1, status: "sold" });
      const available = await store.create({ name: "Available", categoryId: 1 });
      await expect(
        store.list({ limit: 5, status: "available", cursor: encodeCursor(sold.id, "available") }),
      ).rejects.toBeInstanceOf(InvalidCursorError);
      await expect(store.list({ limit: 5, cursor: encodeCursor(available.id + 1, undefined) })).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
      // Within the filter, and unfiltered, the same cursors are fine.
      expect(await store.list({ limit: 5, status: "sold", cursor: encodeCursor(sold.id, "sold") })).toEqual({
        pets: [],
      });
      expect(await store.list({ limit: 5, cursor: encodeCursor(available.id, undefined) })).toEqual({ pets: [sold] });
    } finally {
      await store.close();
    }
  });
});

describe("PostgreSQL idempotency claims", () => {
  const target = newTestSchema();
  afterEach(async () => {
    await target.drop();
  });
  const HOUR = 3_600_000;
  const options = (now: number) => ({ now, ttlMs: 24 * HOUR, abandonAfterMs: 30_000 });
  const recordFor = (claimedAt: number) => ({
    key: "k:1",
    fingerprint: "fp",
    claimedAt,
    expiresAt: claimedAt + 24 * HOUR,
    answer: (pet: { id: number }) => ({ status: 201, body: JSON.stringify(pet) }),
  });

  it("are shared by every instance, and a claim left running past abandonAfterMs is taken over", async () => {
    const [a, b] = [
      await openPostgresStore({ ...target, poolMax: 2 }),
      await openPostgresStore({ ...target, poolMax: 2 }),
    ];
    try {
      const now = Date.now();
      expect(await a.claim("k:1", "fp", options(now))).toEqual({ kind: "claimed" });
      expect(await b.claim("k:1", "fp", options(now + 10))).toEqual({ kind: "running" });
      expect(await b.claim("k:1", "fp", options(now + 31_000))).toEqual({ kind: "claimed" });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });

  it("refuse a write whose claim was taken over, writing nothing: only the new holder's write counts", async () => {
    const store = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger() });
    try {
      const now = Date.now();
      const base = await store.create({ name: "Base", categoryId: 1 });
      await store.claim("k:1", "fp", options(now));
      await store.claim("k:1", "fp", options(now + 31_000));
      await expect(store.create({ name: "Late", categoryId: 1 }, recordFor(now))).rejects.toBeInstanceOf(
        ClaimLostError,
      );
      await expect(store.placeOrder({ petId: base.id, adopter: "Ada" }, recordFor(now))).rejects.toBeInstanceOf(
        ClaimLostError,
      );
      expect((await store.list({ limit: 10 })).pets).toEqual([base]);
      expect(await store.listOrders({ limit: 10 })).toEqual({ orders: [] });
      const pet = await store.create({ name: "Holder", categoryId: 1 }, recordFor(now + 31_000));
      expect(await store.claim("k:1", "fp", options(now + 32_000))).toEqual({
        kind: "done",
        response: { status: 201, body: JSON.stringify(pet) },
      });
    } finally {
      await store.close();
    }
  });
});

describe("PostgreSQL store ids at 2^53−1 (issue 20, finding 1)", () => {
  const target = newTestSchema();
  afterEach(async () => {
    await target.drop();
  });

  it("refuses a pet or an order whose id would pass 2^53−1", async () => {
    const store = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger() });
    const admin = new pg.Client({ connectionString: target.connectionString });
    await admin.connect();
    try {
      const first = await store.create({ name: "First", categoryId: 1 });
      await admin.query(`ALTER TABLE ${target.schema}.pets ALTER COLUMN id RESTART WITH ${Number.MAX_SAFE_INTEGER}`);
      await admin.query(`ALTER TABLE ${target.schema}.orders ALTER COLUMN id RESTART WITH ${Number.MAX_SAFE_INTEGER}`);
      expect((await store.create({ name: "Last", categoryId: 1 })).id).toBe(Number.MAX_SAFE_INTEGER);
      await expect(store.create({ name: "Overflow", categoryId: 1 })).rejects.toBeInstanceOf(IdSpaceExhaustedError);
      const both = [store.create({ name: "A", categoryId: 1 }), store.create({ name: "B", categoryId: 1 })];
      for (const result of await Promise.allSettled(both)) {
        expect(result.status === "rejected" && result.reason).toBeInstanceOf(IdSpaceExhaustedError);
      }
      expect((await store.placeOrder({ petId: first.id, adopter: "Ada" })).id).toBe(Number.MAX_SAFE_INTEGER);
      await expect(store.placeOrder({ petId: Number.MAX_SAFE_INTEGER, adopter: "Bo" })).rejects.toBeInstanceOf(
        IdSpaceExhaustedError,
      );
      expect((await store.get(Number.MAX_SAFE_INTEGER))?.status).toBe("available");
    } finally {
      await admin.end();
      await store.close();
    }
  });
});
