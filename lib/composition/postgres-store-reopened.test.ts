import { describePostgresStoreContracts } from "@/lib/composition/postgres-store-contracts.contract";

// The contracts with every read through a newly opened pool; a file of its own so it runs
// beside postgres-store.test.ts (store-contracts.contract.ts).
describePostgresStoreContracts(true);
