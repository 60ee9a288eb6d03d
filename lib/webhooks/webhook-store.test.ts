import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { describeWebhookStoreContract } from "./webhook-store.contract";
import { openFileWebhookStore } from "./file-webhook-store";
import { openPostgresWebhookStore } from "./postgres-webhook-store";

const quiet = { info: () => {}, warn: () => {} };

describeWebhookStoreContract("file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-webhooks-"));
  return {
    open: () => openFileWebhookStore(dir),
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

describeWebhookStoreContract("postgres", async () => {
  const target = newTestSchema();
  await migrateDatabase({ connectionString: target.connectionString, schema: target.schema, logger: quiet });
  return {
    open: async () => openPostgresWebhookStore({ connectionString: target.connectionString, schema: target.schema }),
    cleanup: () => target.drop(),
  };
});
