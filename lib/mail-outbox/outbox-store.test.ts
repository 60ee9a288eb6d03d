import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { describeOutboxStoreContract } from "./outbox-store.contract";
import { openFileOutboxStore } from "./file-outbox-store";
import { openPostgresOutboxStore } from "./postgres-outbox-store";

const quiet = { info: () => {}, warn: () => {} };

describeOutboxStoreContract("file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-outbox-"));
  return {
    open: () => openFileOutboxStore(dir),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

describeOutboxStoreContract("postgres", async () => {
  const target = newTestSchema();
  await migrateDatabase({ connectionString: target.connectionString, schema: target.schema, logger: quiet });
  return {
    open: async () => openPostgresOutboxStore({ connectionString: target.connectionString, schema: target.schema }),
    cleanup: () => target.drop(),
  };
});
