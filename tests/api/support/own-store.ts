import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, inject } from "vitest";
import { createTestDatabase, freePort } from "@/tests/support/test-postgres";

/** Where a test's own server listens and keeps its data. */
export interface OwnStore {
  port: number;
  dataDir: string;
  /** A database of the file's own when the suite runs on PostgreSQL; "" on the file store. */
  databaseUrl: string;
}

/**
 * For a test file that starts servers of its own (to restart them, or to change their
 * keys): a free port, a data directory and, on the PostgreSQL suite, a fresh database,
 * made before the file's tests and removed after them. Call it before the file's own
 * afterAll, which then runs first and stops its servers before their store goes.
 */
export function prepareOwnStore(name: string): OwnStore {
  const store: OwnStore = { port: 0, dataDir: "", databaseUrl: "" };
  let dropDatabase: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    store.port = await freePort();
    store.dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `petstore-${name}-`));
    const suiteDatabase = inject("databaseUrl");
    if (suiteDatabase) {
      const admin = new URL(suiteDatabase);
      admin.pathname = "/postgres";
      const database = await createTestDatabase(admin.toString());
      store.databaseUrl = database.url;
      dropDatabase = database.drop;
    }
  }, 30_000);
  afterAll(async () => {
    fs.rmSync(store.dataDir, { recursive: true, force: true });
    await dropDatabase?.();
  });
  return store;
}
