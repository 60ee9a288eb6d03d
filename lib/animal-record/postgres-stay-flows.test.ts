import fs from "node:fs/promises";
import path from "node:path";
import { openPostgresStore } from "@/lib/store/postgres/postgres-store";
import { MIGRATIONS_DIR } from "@/lib/store/postgres/migrate";
import { openDatabasePools, type DatabasePools } from "@/lib/store/postgres/pools";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { recordingLogger } from "@/tests/support/store/test-support";
import { describeStayFlowsContract, type FlowStores } from "./stay-flows.contract";
import { PostgresStayStore } from "./postgres-stay-store";

/** The migration that gives pets from before the record their first stay, run again as a first start would. */
const FIRST_STAYS = path.join(MIGRATIONS_DIR, "1796428800255_open-first-stays.sql");

describeStayFlowsContract("PostgreSQL", async () => {
  const target = newTestSchema();
  const pools = new Map<FlowStores, DatabasePools>();
  const openPools = () => openDatabasePools({ ...target, requestsMax: 2, warn: () => {} });
  return {
    async open({ firstStays }) {
      const pets = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger(), firstStays });
      const own = openPools();
      const stores = { pets, stays: new PostgresStayStore(own.requests) };
      pools.set(stores, own);
      return stores;
    },
    async close(stores) {
      await stores.pets.close();
      await pools.get(stores)?.end();
      pools.delete(stores);
    },
    async upgrade() {
      const up = (await fs.readFile(FIRST_STAYS, "utf8")).split("-- Down Migration")[0] as string;
      const own = openPools();
      try {
        await own.requests.query(up);
      } finally {
        await own.end();
      }
    },
    cleanup: () => target.drop(),
  };
});
