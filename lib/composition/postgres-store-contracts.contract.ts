import { recordingLogger } from "@/tests/support/store/test-support";
import { describeIdempotencyStoreContract } from "@/lib/idempotency/idempotency-store.contract";
import { describeOrderStoreContract } from "@/lib/orders/order-store.contract";
import { describePetPatchContract } from "@/lib/pets/pet-patch.contract";
import { describePetFilterContract } from "@/lib/pets/pet-filter.contract";
import { describeListingFreshnessContract } from "@/lib/pets/listing-freshness.contract";
import { describeOrderNoteContract } from "@/lib/orders/order-note.contract";
import { describeEventLogContract } from "@/lib/events/event-log.contract";
import { describeAuditLogContract } from "@/lib/audit/audit-log.contract";
import { describeApplicationStoreContract } from "@/lib/applications/application-store.contract";
import { describePetStoreContract } from "@/lib/pets/pet-store.contract";
import type { ContractSubject } from "@/tests/support/store/contract-subject";
import { type PetStore } from "@/lib/composition/pet-store";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { newTestSchema } from "@/lib/store/postgres/test-schema";

/**
 * Every store contract against PostgreSQL: as is, or with every read through a newly opened
 * pool. Each variant is a test file of its own (postgres-store.test.ts,
 * postgres-store-reopened.test.ts) so the unit run's workers take them side by side: together
 * in one file they were the run's longest file by far (144 tests, about 3 minutes).
 */
export function describePostgresStoreContracts(reopen: boolean): void {
  const name = reopen ? "PostgreSQL store, reopened before reads" : "PostgreSQL store";
  const openSubject = async (): Promise<ContractSubject> => {
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
  };
  describePetStoreContract(name, openSubject);
  describeOrderStoreContract(name, openSubject);
  describePetPatchContract(name, openSubject);
  describePetFilterContract(name, openSubject);
  describeListingFreshnessContract(name, openSubject);
  describeOrderNoteContract(name, openSubject);
  describeIdempotencyStoreContract(name, openSubject);
  describeEventLogContract(name, openSubject);
  describeAuditLogContract(name, openSubject);
  describeApplicationStoreContract(name, openSubject);
}
