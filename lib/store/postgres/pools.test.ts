import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { recordingLogger } from "@/tests/support/store/test-support";
import { openPostgresKeyStore } from "@/lib/keys/postgres-key-store";
import { openPostgresOutboxStore } from "@/lib/mail-outbox/postgres-outbox-store";
import { openPostgresPasskeyStore } from "@/lib/people/passkeys/postgres-passkey-store";
import { openPostgresAccountStore } from "@/lib/people/postgres-account-store";
import { openPostgresPhotoStore } from "@/lib/photos/postgres-photo-store";
import { createPostgresRateLimiter } from "@/lib/rate-limit/postgres-rate-limiter";
import { openPostgresWebhookStore } from "@/lib/webhooks/postgres-webhook-store";
import type { PetStore } from "@/lib/composition/pet-store";
import type { Database } from "./pool";
import { borrowOrOpen, connectionsPerInstance, openDatabasePools, PURPOSES, type DatabasePools } from "./pools";
import { openPostgresStore } from "@/lib/composition/postgres-store";
import { newTestSchema } from "./test-schema";

/** The application_name of each backend the pool holds now, as the server reports it. */
async function namesOf(database: Database): Promise<string[]> {
  const pids = (database.pool as unknown as { _clients: { processID: number }[] })._clients.map(
    (client) => client.processID,
  );
  const { rows } = await database.query<{ name: string }>(
    "SELECT application_name AS name FROM pg_stat_activity WHERE pid = ANY($1::int[])",
    [pids],
  );
  return rows.map((row) => row.name);
}

describe("PostgreSQL pools, one per purpose", () => {
  const target = newTestSchema();
  const REQUESTS_MAX = 3;
  let pools: DatabasePools;
  let store: PetStore;

  beforeEach(async () => {
    pools = openDatabasePools({ ...target, requestsMax: REQUESTS_MAX, warn: () => {} });
    store = await openPostgresStore({ ...target, pools, logger: recordingLogger() });
  });
  afterEach(async () => {
    await store.close();
    await pools.end();
    await target.drop();
  });

  it("counts an instance's connections as request max + background max + listeners", () => {
    expect(connectionsPerInstance(10)).toBe(14);
    expect(connectionsPerInstance(1)).toBe(5);
  });

  it("serves every resource's store from the two pools, never past their maxima, each named by its purpose", async () => {
    const borrowed = { ...target, database: pools.requests };
    const keys = openPostgresKeyStore(borrowed);
    const photos = openPostgresPhotoStore(borrowed);
    const accounts = openPostgresAccountStore(borrowed);
    const passkeys = openPostgresPasskeyStore(borrowed);
    const limits = createPostgresRateLimiter(borrowed);
    const webhooks = openPostgresWebhookStore({ ...borrowed, background: pools.background });
    const outbox = openPostgresOutboxStore({ ...borrowed, background: pools.background });
    const pet = await store.create({ name: "Rex", categoryId: 1 });
    // Every pool a connection is taken from while the stores work: the two, and no other.
    const used = new Set<pg.Pool>();
    const connect = pg.Pool.prototype.connect;
    const spy = vi.spyOn(pg.Pool.prototype, "connect").mockImplementation(function (this: pg.Pool, ...args: unknown[]) {
      used.add(this);
      return (connect as (...a: unknown[]) => never).apply(this, args);
    });
    // Many at once, from every store: more than the request pool holds, so they queue in it.
    const work = Array.from({ length: 4 }, () => [
      store.list({ limit: 5 }),
      store.claim(`key-${Math.random()}`, "fp", { now: Date.now(), ttlMs: 60_000, abandonAfterMs: 60_000 }),
      keys.list(),
      photos.listPhotos(pet.id),
      accounts.listPeople(),
      passkeys.list("nobody"),
      Promise.resolve(limits.hit("bucket", 1_000, 60)).then(() => limits.flush()),
      webhooks.listEndpoints(),
      webhooks.claimDue(new Date(), 10, 30_000),
      outbox.listAbout(["nothing"]),
      outbox.claimDue(new Date(), 10, 30_000),
    ]).flat();
    await Promise.all(work).finally(() => spy.mockRestore());
    expect(used).toEqual(new Set([pools.requests.pool, pools.background.pool]));

    expect(pools.requests.pool.totalCount).toBeGreaterThan(0);
    expect(pools.requests.pool.totalCount).toBeLessThanOrEqual(REQUESTS_MAX);
    expect(pools.background.pool.totalCount).toBeGreaterThan(0);
    expect(new Set(await namesOf(pools.requests))).toEqual(new Set([PURPOSES.requests]));
    expect(new Set(await namesOf(pools.background))).toEqual(new Set([PURPOSES.background]));

    // A borrowing store's close leaves the pools to their owner: the others go on.
    await Promise.all([keys.close(), photos.close(), accounts.close(), passkeys.close(), limits.close()]);
    await Promise.all([webhooks.close(), outbox.close()]);
    expect(await store.list({ limit: 1 })).toEqual({ pets: [pet] });
    await expect(pools.background.query("SELECT 1")).resolves.toBeDefined();
  });

  it("commits a claim asynchronously without leaving the setting on the connection it borrowed", async () => {
    const { rows } = await pools.requests.transaction(async (client) => {
      await client.query(
        "WITH async_commit AS (SELECT set_config('synchronous_commit', 'off', true)) SELECT 1 FROM async_commit",
      );
      return client.query<{ now: string }>("SELECT current_setting('synchronous_commit') AS now");
    });
    expect(rows[0]?.now).toBe("off");
    // Every connection of the pool, after claims went through it, commits synchronously again.
    await store.claim("after", "fp", { now: Date.now(), ttlMs: 60_000, abandonAfterMs: 60_000 });
    const settings = await Promise.all(
      Array.from({ length: REQUESTS_MAX }, () =>
        pools.requests.transaction(async (client) => {
          const answer = await client.query<{ now: string }>("SELECT current_setting('synchronous_commit') AS now");
          await new Promise((resolve) => setTimeout(resolve, 20)); // hold it, so each takes another connection
          return answer.rows[0]?.now;
        }),
      ),
    );
    expect(settings).toEqual(Array(REQUESTS_MAX).fill("on"));
  });

  it("ends the pools once, however often it is asked", async () => {
    const own = openDatabasePools({ ...target, requestsMax: 1, warn: () => {} });
    await own.requests.query("SELECT 1");
    await Promise.all([own.end(), own.end()]);
    expect(own.requests.pool.ended).toBe(true);
    expect(own.background.pool.ended).toBe(true);
  });
});

describe("borrowOrOpen", () => {
  const target = newTestSchema();
  afterEach(() => target.drop());

  it("lends the shared pool without ending it, and ends a pool of the store's own", async () => {
    const pools = openDatabasePools({ ...target, requestsMax: 1, warn: () => {} });
    try {
      const lent = borrowOrOpen({ ...target, database: pools.requests }, { max: 2 });
      expect(lent.database).toBe(pools.requests);
      await lent.release();
      expect(pools.requests.pool.ended).toBe(false);

      const own = borrowOrOpen(target, { max: 2, applicationName: "pet-store tool" });
      expect(own.database).not.toBe(pools.requests);
      expect(await namesOf(await warm(own.database))).toEqual(["pet-store tool"]);
      await own.release();
      expect(own.database.pool.ended).toBe(true);
    } finally {
      await pools.end();
    }
  });
});

/** The pool with one connection open (a query just answered: it stays idle in the pool). */
async function warm(database: Database): Promise<Database> {
  await database.query("SELECT 1");
  return database;
}
