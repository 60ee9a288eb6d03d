import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { describeKeyStoreContract } from "./key-store.contract";
import { openFileKeyStore } from "./file-key-store";
import { openPostgresKeyStore } from "./postgres-key-store";

const quiet = { info: () => {}, warn: () => {} };

describeKeyStoreContract("file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-keys-"));
  return {
    open: () => openFileKeyStore(dir),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

describeKeyStoreContract("postgres", async () => {
  const target = newTestSchema();
  await migrateDatabase({ connectionString: target.connectionString, schema: target.schema, logger: quiet });
  return {
    open: () => openPostgresKeyStore({ connectionString: target.connectionString, schema: target.schema }),
    cleanup: () => target.drop(),
  };
});
