import { expect, it } from "vitest";
import { openPostgresStore } from "@/lib/store/postgres/postgres-store";
import { openDatabasePools, type DatabasePools } from "@/lib/store/postgres/pools";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import type { PetStore } from "@/lib/store/pet-store";
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
