import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Event } from "@/lib/events/event-types";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { describeAccountStoreContract } from "./account-store.contract";
import { openFileAccountStore } from "./file-account-store";
import { openPostgresAccountStore } from "./postgres-account-store";

const quiet = { info: () => {}, warn: () => {} };

describeAccountStoreContract("file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-people-"));
  const logged = new Map<string, Event>(); // the pet store's log records each id once
  const auditLog = {
    append: async (events: Event[]) => events.forEach((event) => logged.set(event.id, event)),
    retentionDays: 30,
  };
  return {
    open: () => openFileAccountStore(dir, auditLog),
    events: async () => [...logged.values()],
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

describeAccountStoreContract("postgres", async () => {
  const target = newTestSchema();
  await migrateDatabase({ connectionString: target.connectionString, schema: target.schema, logger: quiet });
  return {
    open: async () => openPostgresAccountStore({ connectionString: target.connectionString, schema: target.schema }),
    async events() {
      const client = new pg.Client({ connectionString: target.connectionString });
      await client.connect();
      try {
        const { rows } = await client.query<{ body: Event }>(
          `SELECT body FROM ${target.schema}.events ORDER BY sequence`,
        );
        return rows.map((row) => row.body);
      } finally {
        await client.end();
      }
    },
    cleanup: () => target.drop(),
  };
});
