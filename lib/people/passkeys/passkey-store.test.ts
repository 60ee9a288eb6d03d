import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import type { Event } from "@/lib/events/event-types";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { openFilePasskeyStore } from "./file-passkey-store";
import { describePasskeyStoreContract } from "./passkey-store.contract";
import { openPostgresPasskeyStore } from "./postgres-passkey-store";

const quiet = { info: () => {}, warn: () => {} };

describePasskeyStoreContract("file", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-passkeys-"));
  const logged = new Map<string, Event>(); // the pet store's log records each id once
  const auditLog = {
    append: async (events: Event[]) => events.forEach((event) => logged.set(event.id, event)),
    retentionDays: 30,
  };
  return {
    open: () => openFilePasskeyStore(dir, auditLog),
    addPerson: async () => {},
    events: async () => [...logged.values()],
    cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }),
  };
});

describePasskeyStoreContract("postgres", async () => {
  const target = newTestSchema();
  await migrateDatabase({ connectionString: target.connectionString, schema: target.schema, logger: quiet });
  const query = async <Row extends pg.QueryResultRow>(text: string, values: unknown[] = []) => {
    const client = new pg.Client({ connectionString: target.connectionString });
    await client.connect();
    try {
      await client.query(`SET search_path TO ${target.schema}`);
      return (await client.query<Row>(text, values)).rows;
    } finally {
      await client.end();
    }
  };
  return {
    open: async () => openPostgresPasskeyStore({ connectionString: target.connectionString, schema: target.schema }),
    async addPerson(id) {
      const now = new Date().toISOString();
      await query(
        `INSERT INTO people (id, email, name, role, active, created_at, updated_at)
         VALUES ($1, $2, 'Someone', 'staff', true, $3, $3)`,
        [id, `${id}@example.org`, now],
      );
    },
    events: async () =>
      (await query<{ body: Event }>("SELECT body FROM events ORDER BY sequence")).map((row) => row.body),
    cleanup: () => target.drop(),
  };
});
