import path from "node:path";
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
import type { PetStore } from "@/lib/composition/pet-store";
import { openFileStore } from "@/lib/composition/file-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";

/** The contract against the file store as is, and with every read after close + reopen. */
for (const reopen of [false, true]) {
  const name = reopen ? "file store, reopened before reads" : "file store";
  const openSubject = async (): Promise<ContractSubject> => {
    const dir = path.join(await makeTempDir(), "data");
    const open = () => openFileStore(dir, { logger: recordingLogger(), compactAfterRecords: 16 });
    const subject = {
      store: (await open()) as PetStore,
      async settle() {
        if (!reopen) return;
        await subject.store.close();
        subject.store = await open();
      },
      async cleanup() {
        await subject.store.close();
        await removeTempDir(path.dirname(dir));
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
