import { expect, it } from "vitest";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { openDatabasePools, type DatabasePools } from "@/lib/store/postgres/pools";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import type { PetStore } from "@/lib/composition/pet-store";
import { recordingLogger } from "@/tests/support/store/test-support";
import { describeMedicalStoreContract } from "./medical-store.contract";
import { PostgresMedicalStore } from "./postgres-medical-store";

/** The pet store (which migrates the schema) and the medical record on pools of their own, as the process's would be. */
async function openBoth(target: { connectionString: string; schema: string }) {
  const pets: PetStore = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger() });
  const pools = openDatabasePools({ ...target, requestsMax: 2, warn: () => {} });
  return { pets, pools, medical: new PostgresMedicalStore(pools.requests) };
}

async function closeBoth({ pets, pools }: { pets: PetStore; pools: DatabasePools }) {
  await pets.close();
  await pools.end();
}

describeMedicalStoreContract("PostgreSQL", async () => {
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

it("has the database refuse a due day on or before the given day on its own, and keeps the reason of a correction", async () => {
  const target = newTestSchema();
  const both = await openBoth(target);
  try {
    const petId = (await both.pets.create({ name: "Rex", categoryId: 1 })).id;
    const item = await both.medical.addItem({ name: "Rabies", kind: "vaccination" });
    const insert = (id: number, nextDue: string) =>
      both.pools.requests.query(
        `INSERT INTO medical_entries (id, pet_id, item_id, given_on, next_due, entry) VALUES ($1, $2, $3, '2026-03-01', $4, '{}')`,
        [id, petId, item.id, nextDue],
      );
    await expect(insert(1000, "2026-03-01")).rejects.toMatchObject({
      code: "23514",
      constraint: "medical_entries_due_after_given",
    });
    await expect(insert(1001, "2026-03-02")).resolves.toBeDefined();

    const entry = await both.medical.recordEntry(petId, { itemId: item.id, givenOn: "2026-03-01", givenBy: "Staff" });
    await both.medical.correctEntry(entry.id, { givenOn: "2026-03-02", reason: "Typed the wrong day" });
    const { rows } = await both.pools.requests.query(
      "SELECT subject, subject_id, fields, reason FROM medical_corrections",
    );
    expect(rows).toEqual([
      { subject: "entry", subject_id: String(entry.id), fields: ["givenOn"], reason: "Typed the wrong day" },
    ]);
  } finally {
    await closeBoth(both);
    await target.drop();
  }
});
