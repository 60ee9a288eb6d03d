import { expect, it } from "vitest";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { openDatabasePools, type DatabasePools } from "@/lib/store/postgres/pools";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import type { PetStore } from "@/lib/composition/pet-store";
import { recordingLogger } from "@/tests/support/store/test-support";
import { describeStayStoreContract } from "./stay-store.contract";
import { PostgresStayStore } from "./postgres-stay-store";

/**
 * The pet store (which migrates the schema) and the stays on pools of their own, as the
 * process's would be; pets without their first stay (decision 254): the contract records
 * stays one by one on pets that have none.
 */
async function openBoth(target: { connectionString: string; schema: string }) {
  const pets: PetStore = await openPostgresStore({
    ...target,
    poolMax: 2,
    logger: recordingLogger(),
    firstStays: false,
  });
  const pools = openDatabasePools({ ...target, requestsMax: 2, warn: () => {} });
  return { pets, pools, stays: new PostgresStayStore(pools.requests) };
}

async function closeBoth({ pets, pools }: { pets: PetStore; pools: DatabasePools }) {
  await pets.close();
  await pools.end();
}

describeStayStoreContract("PostgreSQL", async () => {
  const target = newTestSchema();
  const subject = {
    ...(await openBoth(target)),
    async reopen() {
      await closeBoth(subject);
      Object.assign(subject, await openBoth(target));
    },
    async cleanup() {
      await closeBoth(subject);
      await target.drop();
    },
  };
  return subject;
});

it("has the database refuse a second open stay and an outcome before its intake on its own", async () => {
  const target = newTestSchema();
  const both = await openBoth(target);
  try {
    const petId = (await both.pets.create({ name: "Rex", categoryId: 1 })).id;
    const insert = (id: number, outcomeAt: string | null) =>
      both.pools.requests.query(
        `INSERT INTO stays (id, pet_id, intake_at, intake, outcome_at, outcome) VALUES ($1, $2, $3, '{}', $4, $5)`,
        [id, petId, "2026-11-10T09:00:00Z", outcomeAt, outcomeAt && "{}"],
      );
    await insert(1, null);
    await expect(insert(2, null)).rejects.toMatchObject({ code: "23505", constraint: "stays_one_open_per_pet" });
    await expect(insert(3, "2026-11-10T08:59:59Z")).rejects.toMatchObject({
      code: "23514",
      constraint: "stays_outcome_after_intake",
    });
    await expect(insert(4, "2026-11-10T09:00:00Z")).resolves.toBeDefined();
  } finally {
    await closeBoth(both);
    await target.drop();
  }
});

it("keeps a correction's reason in the stay's history column, and erases it with the personal parts", async () => {
  const target = newTestSchema();
  const both = await openBoth(target);
  try {
    const petId = (await both.pets.create({ name: "Rex", categoryId: 1 })).id;
    const at = "2025-01-01T09:00:00Z";
    const { stay: opened } = await both.stays.recordIntake(petId, {
      at,
      type: "stray",
      condition: "healthy",
      sourceKind: "unknown",
    });
    await both.stays.correctIntake(
      petId,
      opened.id,
      { type: "relinquished_by_owner", reason: "Brought by Dana" },
      { timeZone: "UTC" },
    );
    const history = async () =>
      (await both.pools.requests.query("SELECT history FROM stays WHERE id = $1", [opened.id])).rows[0]?.history;
    expect(await history()).toMatchObject([{ part: "intake", fields: ["type"], reason: "Brought by Dana" }]);
    await both.stays.recordOutcome(petId, { at, type: "returned_to_owner" }, { timeZone: "UTC" });
    expect(await both.stays.erasePersonalClosedBefore("2026-01-01T00:00:00Z")).toBe(1);
    expect(await history()).toEqual([{ at: expect.any(String), part: "intake", fields: ["type"] }]);
  } finally {
    await closeBoth(both);
    await target.drop();
  }
});
