import type { PetStore } from "@/lib/composition/pet-store";

/**
 * What each resource's contract suite (lib/<resource>/*.contract.ts) runs against: the
 * all-in-one store an adapter's test file opens fresh, since a suite of one port writes
 * through the others too (an order needs its pet).
 */
export interface ContractSubject {
  store: PetStore;
  /**
   * Called after writes and before they are read back. An adapter that persists makes
   * the reads go through a freshly opened instance here (close + reopen), so the
   * contract proves what survives a restart; others leave it a no-op.
   */
  settle(): Promise<void>;
  cleanup(): Promise<void>;
}
