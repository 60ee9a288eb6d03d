import { recordingLogger } from "../file/test-support";
import { describePetStoreContract } from "../pet-store.contract";
import type { PetStore } from "../pet-store";
import { openPostgresStore } from "./postgres-store";
import { newTestSchema } from "./test-schema";

/** The contract against PostgreSQL as is, and with every read through a newly opened pool. */
for (const reopen of [false, true]) {
  describePetStoreContract(reopen ? "PostgreSQL store, reopened before reads" : "PostgreSQL store", async () => {
    const target = newTestSchema();
    const open = () => openPostgresStore({ ...target, poolMax: 4, logger: recordingLogger() });
    const subject = {
      store: (await open()) as PetStore,
      async settle() {
        if (!reopen) return;
        await subject.store.close();
        subject.store = await open();
      },
      async cleanup() {
        await subject.store.close();
        await target.drop();
      },
    };
    return subject;
  });
}
