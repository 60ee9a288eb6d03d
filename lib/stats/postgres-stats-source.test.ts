import { openPostgresStore } from "@/lib/composition/postgres-store";
import { openDatabasePools } from "@/lib/store/postgres/pools";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { PostgresStayStore } from "@/lib/animal-record/postgres-stay-store";
import { recordingLogger } from "@/tests/support/store/test-support";
import {
  CONTRACT_MAPPING,
  describeKnownAnswerYearContract,
  describeStatsSourceContract,
} from "./stats-source.contract";
import { PostgresStatsSource } from "./postgres-stats-source";

// Without the plain API's automatic first stay (issue 41's flows): the tests record every intake.
const open = async () => {
  const target = newTestSchema();
  const pets = await openPostgresStore({ ...target, poolMax: 2, logger: recordingLogger(), firstStays: false });
  const pools = openDatabasePools({ ...target, requestsMax: 2, warn: () => {} });
  return {
    pets,
    stays: new PostgresStayStore(pools.requests),
    source: new PostgresStatsSource(pools.requests, async () => CONTRACT_MAPPING),
    async cleanup() {
      await pets.close();
      await pools.end();
      await target.drop();
    },
  };
};

describeStatsSourceContract("PostgreSQL", open);
describeKnownAnswerYearContract("PostgreSQL", open);
