import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  freePort,
  startThrowawayServer,
  type ThrowawayServer,
} from "@/tests/support/test-postgres";
import { recordingLogger } from "@/tests/support/store/test-support";
import { StoreUnavailableError } from "@/lib/errors/store-errors";
import { createDatabase } from "./pool";
import { openPostgresStore } from "@/lib/composition/postgres-store";

/**
 * Faults need a server the test may stop, restart and reconfigure: a throwaway one of its
 * own (never the machine's shared server). Its URL carries a password, so every message
 * can be checked for it.
 */
describe("PostgreSQL store faults", () => {
  let server: ThrowawayServer;
  let url: string;
  let password: string;
  beforeAll(async () => {
    server = await startThrowawayServer();
    url = (await createTestDatabase(server.url)).url;
    password = decodeURIComponent(new URL(url).password);
  }, 60_000);
  afterAll(async () => {
    await server?.remove();
  });

  const secondsSince = (started: number) => (performance.now() - started) / 1000;

  it("refuses to open, naming host and database but not the password, when nothing listens", async () => {
    const closed = `postgres://petstore:${password}@127.0.0.1:${await freePort()}/pets`;
    const error = await openPostgresStore({ connectionString: closed, logger: recordingLogger() }).catch(
      (e: Error) => e,
    );
    expect(error).toBeInstanceOf(Error);
    expect((error as Error).message).toMatch(
      /^cannot reach PostgreSQL at 127\.0\.0\.1:\d+\/pets \(.*ECONNREFUSED.*\)$/,
    );
    expect((error as Error).message).not.toContain(password);
  });

  it("refuses at once on a wrong password, without echoing either password", async () => {
    const wrong = url.replace(encodeURIComponent(password), "not-the-password");
    const error = await openPostgresStore({
      connectionString: wrong,
      waitSeconds: 30,
      logger: recordingLogger(),
    }).catch((e: Error) => e);
    expect((error as Error).message).toMatch(/^cannot reach PostgreSQL at .*password authentication failed/);
    expect((error as Error).message).not.toMatch(new RegExp(`${password}|not-the-password`));
  });

  it("waits for the database when told to, and serves once it is up", async () => {
    await server.stop();
    const logger = recordingLogger();
    const opening = openPostgresStore({ connectionString: url, waitSeconds: 30, logger });
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    await server.start();
    const store = await opening;
    expect(logger.warnings.join("\n")).toMatch(/waiting up to 30 s for PostgreSQL at 127\.0\.0\.1:\d+\/petstore_test_/);
    expect(logger.warnings.join("\n")).not.toContain(password);
    expect((await store.create({ name: "Patient", categoryId: 1 })).name).toBe("Patient");
    await store.close();
    // A PostgreSQL server stopped and started again: seconds on a loaded machine.
  }, 30_000);

  it("answers StoreUnavailableError quickly while the database is down, and recovers by itself", async () => {
    const store = await openPostgresStore({ connectionString: url, logger: recordingLogger() });
    await store.create({ name: "Before", categoryId: 1 });
    await server.stop();
    try {
      const started = performance.now();
      const error = await store.create({ name: "During", categoryId: 1 }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(StoreUnavailableError);
      expect(String((error as Error).cause)).not.toContain(password);
      expect(await Promise.resolve(store.list({ limit: 5 })).catch((e: unknown) => e)).toBeInstanceOf(
        StoreUnavailableError,
      );
      expect(secondsSince(started)).toBeLessThan(5);
    } finally {
      await server.start();
    }
    expect((await store.create({ name: "After", categoryId: 1 })).name).toBe("After");
    expect((await store.list({ limit: 5 })).pets.map((pet) => pet.name)).toContain("Before");
    await store.close();
  });

  it("bounds every statement: statement_timeout becomes StoreUnavailableError", async () => {
    const database = createDatabase({ connectionString: url, max: 2, statementTimeoutMs: 200 }, () => {});
    const started = performance.now();
    await expect(database.query("SELECT pg_sleep(3)")).rejects.toBeInstanceOf(StoreUnavailableError);
    expect(secondsSince(started)).toBeLessThan(2);
    await database.end();
  });

  it("refuses at once when the pool is saturated and its queue full, and bounds the wait in the queue", async () => {
    const database = createDatabase({ connectionString: url, max: 1, maxWaiting: 2, connectTimeoutMs: 500 }, () => {});
    const held = await database.connect();
    try {
      const queued = [database.query("SELECT 1"), database.query("SELECT 1")];
      for (const query of queued) query.catch(() => {});
      const started = performance.now();
      await expect(database.query("SELECT 1")).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(secondsSince(started)).toBeLessThan(0.1);
      for (const query of queued) await expect(query).rejects.toBeInstanceOf(StoreUnavailableError);
      expect(secondsSince(started)).toBeLessThan(2);
    } finally {
      held.release();
      await database.end();
    }
  });

  it("warns at start when fsync or synchronous_commit is off", async () => {
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query("ALTER SYSTEM SET synchronous_commit = off");
    await admin.query("SELECT pg_reload_conf()");
    try {
      const logger = recordingLogger();
      const store = await openPostgresStore({ connectionString: url, logger });
      await store.close();
      expect(logger.warnings.join("\n")).toMatch(/synchronous_commit=off/);
      expect(logger.warnings.join("\n")).not.toMatch(/fsync=off/);
    } finally {
      await admin.query("ALTER SYSTEM RESET synchronous_commit");
      await admin.query("SELECT pg_reload_conf()");
      await admin.end();
    }
    const logger = recordingLogger();
    await (await openPostgresStore({ connectionString: url, logger })).close();
    expect(logger.warnings).toEqual([]);
  });
});
