import "server-only";
import type pg from "pg";
import type { Pet } from "@/lib/pets/schemas";
import { copyPhotos } from "@/lib/photos/copy-photos";
import { openFilePhotoStore } from "@/lib/photos/file-photo-store";
import { openPostgresPhotoStore } from "@/lib/photos/postgres-photo-store";
import type { PhotoStore } from "@/lib/photos/photo-store";
import { openFileStore } from "@/lib/composition/file-store";
import { nodeFs } from "@/lib/store/file/fs-layer";
import { consoleLogger, type StoreLogger } from "@/lib/store/file/logger";
import { installSnapshot, writeSnapshotTemp } from "@/lib/composition/file-snapshot";
import { insertFirstStays } from "@/lib/animal-record/postgres-stay-flows";
import { nowIso } from "@/lib/clock";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { COLUMNS, profileParam, toPet, type PetRow } from "@/lib/pets/postgres-pet-queries";
import { createDatabase, type Database } from "@/lib/store/postgres/pool";

/**
 * Moving pets and their photos between the file store and PostgreSQL, pet ids kept, for
 * `npm run db:import` and `npm run db:export`. Both run with the service stopped on the side they read
 * (the file store's lock enforces that for the directory). Orders, categories, events and
 * adoption applications are not moved (why not yet, for applications: docs/decisions/193).
 */
export interface Target {
  connectionString: string;
  schema?: string;
  logger?: StoreLogger;
}

const BATCH = 1_000;

export interface ImportResult {
  imported: number;
  alreadyPresent: number;
  /** Ids present in both with different fields: left as they are in PostgreSQL. */
  conflicting: number[];
  /** Photos copied (those of pets with none in PostgreSQL yet). */
  photos: number;
}

/**
 * Copies every pet of a file-store directory into PostgreSQL. Safe to run again: a pet
 * whose id is already there is not inserted twice. The id sequence then continues after
 * the largest id, so new pets never collide with imported ones.
 */
export async function importFileStore(dir: string, target: Target): Promise<ImportResult> {
  const logger = target.logger ?? consoleLogger;
  const pets = await readFileStore(dir);
  await migrateDatabase({ connectionString: target.connectionString, schema: target.schema, logger });
  const result: ImportResult = { imported: 0, alreadyPresent: 0, conflicting: [], photos: 0 };
  const startedAt = nowIso();
  await withDatabase(target, async (database) => {
    const client = await database.connect();
    try {
      await client.query("BEGIN");
      // Creates from running instances wait (or answer 503) until the import commits, so
      // no id is handed out while ids are being copied in.
      await client.query("LOCK TABLE pets IN EXCLUSIVE MODE");
      for (let start = 0; start < pets.length; start += BATCH) {
        const batch = pets.slice(start, start + BATCH);
        const inserted = await insertKeepingIds(client, batch);
        await insertFirstStays(
          client,
          batch.filter((pet) => inserted.has(pet.id)),
          startedAt,
        );
        result.imported += inserted.size;
        const skipped = batch.filter((pet) => !inserted.has(pet.id));
        result.alreadyPresent += skipped.length;
        result.conflicting.push(...(await differing(client, skipped)));
      }
      // A GENERATED ALWAYS identity does not notice ids supplied with OVERRIDING SYSTEM
      // VALUE: continue the sequence after the largest id (pets are never deleted).
      await client.query(
        "SELECT setval(pg_get_serial_sequence('pets', 'id'), max(id)) FROM pets HAVING max(id) IS NOT NULL",
      );
      await client.query("COMMIT");
    } catch (error) {
      await client.query("ROLLBACK").catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  });
  const ids = pets.map((pet) => pet.id).filter((id) => !result.conflicting.includes(id));
  result.photos = await withPhotoStores(dir, target, (files, database) => copyPhotos(files, database, ids));
  return result;
}

/** The directory's photo store and the database's, closed after `work`. */
async function withPhotoStores<T>(
  dir: string,
  target: Target,
  work: (files: PhotoStore, database: PhotoStore) => Promise<T>,
): Promise<T> {
  const files = await openFilePhotoStore(dir);
  const database = openPostgresPhotoStore({ connectionString: target.connectionString, schema: target.schema });
  try {
    return await work(files, database);
  } finally {
    await Promise.all([files.close(), database.close()]);
  }
}

/** The directory's pets, read without writing: its pets' first stays are the next open's (docs/decisions/255). */
async function readFileStore(dir: string): Promise<Pet[]> {
  const store = await openFileStore(dir, { firstStays: false });
  try {
    const pets: Pet[] = [];
    let cursor: string | undefined;
    do {
      const page = await store.list({ limit: BATCH, cursor });
      pets.push(...page.pets);
      cursor = page.nextCursor;
    } while (cursor);
    return pets.reverse(); // oldest first, so the database fills in id order
  } finally {
    await store.close();
  }
}

async function insertKeepingIds(client: pg.PoolClient, pets: Pet[]): Promise<Set<number>> {
  const { rows } = await client.query<{ id: string }>(
    `INSERT INTO pets (id, name, category_id, status, profile, listed) OVERRIDING SYSTEM VALUE
     SELECT id, name, category_id, status, profile::jsonb, listed
     FROM unnest($1::bigint[], $2::text[], $3::bigint[], $4::text[], $5::text[], $6::boolean[])
       AS t(id, name, category_id, status, profile, listed)
     ON CONFLICT (id) DO NOTHING RETURNING id`,
    [
      pets.map((pet) => pet.id),
      pets.map((pet) => pet.name),
      pets.map((pet) => pet.categoryId),
      pets.map((pet) => pet.status),
      pets.map(profileParam),
      pets.map((pet) => pet.listed !== false),
    ],
  );
  return new Set(rows.map((row) => Number(row.id)));
}

async function differing(client: pg.PoolClient, pets: Pet[]): Promise<number[]> {
  if (pets.length === 0) return [];
  const { rows } = await client.query<PetRow>(`SELECT ${COLUMNS} FROM pets WHERE id = ANY($1::bigint[])`, [
    pets.map((pet) => pet.id),
  ]);
  const stored = new Map(rows.map((row) => [Number(row.id), toPet(row)]));
  return pets.filter((pet) => JSON.stringify(stored.get(pet.id)) !== JSON.stringify(pet)).map((pet) => pet.id);
}

/**
 * Writes every pet in PostgreSQL into a new, empty file-store directory as one snapshot
 * (the store's own format code), ids and profiles kept, then their photos. Returns how
 * many of each were written.
 */
export async function exportToFileStore(dir: string, target: Target): Promise<{ pets: number; photos: number }> {
  await nodeFs.mkdir(dir, 0o700);
  if ((await nodeFs.readdir(dir)).length > 0) throw new Error(`refusing to export into ${dir}: it is not empty`);
  const pets: Pet[] = [];
  await withDatabase(target, async (database) => {
    for (let after = 0; ;) {
      const { rows } = await database.query<PetRow>(`SELECT ${COLUMNS} FROM pets WHERE id > $1 ORDER BY id LIMIT $2`, [
        after,
        BATCH * 10,
      ]);
      if (rows.length === 0) break;
      for (const row of rows) pets.push(toPet(row));
      after = pets.at(-1)?.id ?? after;
    }
  });
  const source = {
    count: pets.length,
    nextJournal: 1,
    pet: (row: number) => {
      const pet = pets[row] as Pet;
      return { ...pet, status: pet.status ?? "available" };
    },
    orders: [],
    categories: [],
    idempotency: [],
    events: [],
    eventSequence: 0,
    eventsPrunedThrough: 0,
    applications: [],
  };
  await installSnapshot(nodeFs, dir, await writeSnapshotTemp(nodeFs, dir, source));
  const ids = pets.map((pet) => pet.id);
  const photos = await withPhotoStores(dir, target, (files, database) => copyPhotos(database, files, ids));
  return { pets: pets.length, photos };
}

async function withDatabase<T>(target: Target, work: (database: Database) => Promise<T>): Promise<T> {
  const logger = target.logger ?? consoleLogger;
  const database = createDatabase(
    { connectionString: target.connectionString, max: 1, schema: target.schema, statementTimeoutMs: 60_000 },
    (message) => logger.warn(message),
  );
  try {
    return await work(database);
  } finally {
    await database.end();
  }
}
