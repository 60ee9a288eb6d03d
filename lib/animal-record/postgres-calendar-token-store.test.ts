import { openPostgresStore } from "@/lib/composition/postgres-store";
import { openDatabasePools, type DatabasePools } from "@/lib/store/postgres/pools";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import type { PetStore } from "@/lib/composition/pet-store";
import { recordingLogger } from "@/tests/support/store/test-support";
import { describeCalendarTokenStoreContract } from "./calendar-token-store.contract";
import { PostgresCalendarTokenStore } from "./postgres-calendar-token-store";

/** The pet store (which migrates the schema) and the tokens on a pool of their own, as the process's would be. */
async function openBoth(target: { connectionString: string; schema: string }) {
  const pets: PetStore = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger() });
  const pools = openDatabasePools({ ...target, requestsMax: 2, warn: () => {} });
  return { pets, pools, tokens: new PostgresCalendarTokenStore(pools.requests) };
}

async function closeBoth({ pets, pools }: { pets: PetStore; pools: DatabasePools }) {
  await pets.close();
  await pools.end();
}

describeCalendarTokenStoreContract("PostgreSQL", async () => {
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
