import "server-only";
import type pg from "pg";
import type { PhotoPatch } from "@/lib/pets/schemas";
import type { Database } from "@/lib/store/postgres/pool";
import { borrowOrOpen } from "@/lib/store/postgres/pools";
import { MAX_PHOTOS_PER_PET, type PhotoExt } from "./photo-limits";
import { PhotoNotFoundError, PhotoOrderMismatchError, TooManyPhotosError } from "./photo-errors";
import { isPermutationOf, type PhotoRecord, type PhotoStore } from "./photo-store";
import type { ProcessedPhoto } from "./process-photo";
import { withPhotoCache } from "./photo-cache";
import { openSharedChangeFeed } from "@/lib/store/postgres/change-feed";

export interface PostgresPhotoStoreOptions {
  connectionString: string;
  schema?: string;
  /** The process's request pool (docs/decisions/242); without it, a pool of the store's own. */
  database?: Database;
}

/** How long one copy's INSERT may take: a megabyte or two of bytea (the pool's own bound is 5 s). */
const COPY_WRITE_TIMEOUT_MS = 30_000;

interface PhotoRow {
  id: string;
  pet_id: string;
  hash: string;
  width: number;
  height: number;
  widths: number[];
  alt: string;
}

const COLUMNS = "id, pet_id, hash, width, height, widths, alt";

/**
 * Photos in PostgreSQL (migrations/1795564800001_create-pet-photos.sql), so every instance
 * serves every photo. On the process's request pool (docs/decisions/242): an upload holds one
 * connection while its copies go in, and uploads are few at once (the photo processor's queue,
 * ./photo-processor.ts), so they cannot take the connections pet reads wait for (175). Each
 * change to an animal's photos locks its pets row, so concurrent changes to one animal
 * queue and the photo limit holds. The schema is migrated by the pet store, opened first.
 */
export function openPostgresPhotoStore(options: PostgresPhotoStoreOptions): PhotoStore {
  const { database, release } = borrowOrOpen(options, { max: 3, applicationName: "pet-store photos" });
  return withPhotoCache(new PostgresPhotoStore(database, release), openSharedChangeFeed(options));
}

class PostgresPhotoStore implements PhotoStore {
  /** None: the copies are bytea rows, so the worker hands them back as bytes. */
  readonly stagingDir = undefined;

  constructor(
    private readonly database: Database,
    private readonly release: () => Promise<void>,
  ) {}

  addPhoto(petId: number, photo: ProcessedPhoto, alt: string): Promise<PhotoRecord> {
    return this.database.transaction(async (client) => {
      const { count, nextPosition } = await lockPet(client, petId);
      if (count >= MAX_PHOTOS_PER_PET) throw new TooManyPhotosError();
      // The copies' longer bound, for this transaction only: the connection goes back to the pool as it came.
      await client.query(`SET LOCAL statement_timeout = ${COPY_WRITE_TIMEOUT_MS}`);
      for (const variant of photo.variants) {
        await client.query({
          text: "INSERT INTO photo_files (hash, width, ext, bytes) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING",
          values: [photo.hash, variant.width, variant.ext, variant.bytes],
          query_timeout: COPY_WRITE_TIMEOUT_MS + 1_000,
        } as pg.QueryConfig);
      }
      const widths = [...new Set(photo.variants.map((variant) => variant.width))];
      const { rows } = await client.query<PhotoRow>(
        `INSERT INTO pet_photos (pet_id, position, hash, width, height, widths, alt)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [petId, nextPosition, photo.hash, photo.width, photo.height, widths, alt],
      );
      return recordOf(rows[0]!);
    });
  }

  addStagedPhoto(): Promise<PhotoRecord> {
    return Promise.reject(new Error("the PostgreSQL photo store stages no copies: add them as bytes"));
  }

  async listPhotos(petId: number): Promise<PhotoRecord[]> {
    const { rows } = await this.database.query<PhotoRow>(
      `SELECT ${COLUMNS} FROM pet_photos WHERE pet_id = $1 ORDER BY position, id`,
      [petId],
    );
    return rows.map(recordOf);
  }

  async photosOf(petIds: readonly number[]): Promise<ReadonlyMap<number, PhotoRecord[]>> {
    const found = new Map<number, PhotoRecord[]>();
    if (petIds.length === 0) return found;
    const { rows } = await this.database.query<PhotoRow>(
      `SELECT ${COLUMNS} FROM pet_photos WHERE pet_id = ANY($1::bigint[]) ORDER BY pet_id, position, id`,
      [petIds],
    );
    for (const record of rows.map(recordOf)) {
      const list = found.get(record.petId);
      if (list) list.push(record);
      else found.set(record.petId, [record]);
    }
    return found;
  }

  updatePhoto(petId: number, photoId: number, patch: PhotoPatch): Promise<PhotoRecord[]> {
    return this.database.transaction(async (client) => {
      await lockPet(client, petId);
      const photos = await listIn(client, petId);
      if (!photos.some((record) => record.id === photoId)) throw new PhotoNotFoundError();
      if (patch.alt !== undefined) {
        await client.query("UPDATE pet_photos SET alt = $2 WHERE id = $1", [photoId, patch.alt]);
      }
      if (patch.primary) {
        const ids = [photoId, ...photos.map((record) => record.id).filter((id) => id !== photoId)];
        await setPositions(client, ids);
      }
      return listIn(client, petId);
    });
  }

  reorderPhotos(petId: number, order: readonly number[]): Promise<PhotoRecord[]> {
    return this.database.transaction(async (client) => {
      await lockPet(client, petId);
      if (!isPermutationOf(order, await listIn(client, petId))) throw new PhotoOrderMismatchError();
      await setPositions(client, order);
      return listIn(client, petId);
    });
  }

  deletePhoto(petId: number, photoId: number): Promise<void> {
    return this.database.transaction(async (client) => {
      await lockPet(client, petId);
      const { rows } = await client.query<{ hash: string }>(
        "DELETE FROM pet_photos WHERE id = $1 AND pet_id = $2 RETURNING hash",
        [photoId, petId],
      );
      if (rows.length === 0) throw new PhotoNotFoundError();
      // Copies shared with another photo (the same upload) stay.
      await client.query(
        "DELETE FROM photo_files WHERE hash = $1 AND NOT EXISTS (SELECT 1 FROM pet_photos WHERE hash = $1)",
        [rows[0]!.hash],
      );
    });
  }

  async readVariant(hash: string, width: number, ext: PhotoExt): Promise<Buffer | undefined> {
    const { rows } = await this.database.query<{ bytes: Buffer }>(
      "SELECT bytes FROM photo_files WHERE hash = $1 AND width = $2 AND ext = $3",
      [hash, width, ext],
    );
    return rows[0]?.bytes;
  }

  close(): Promise<void> {
    return this.release();
  }
}

/** Locks the animal's row (its photo changes queue here) and counts its photos; PetNotFound is the caller's check. */
async function lockPet(client: pg.PoolClient, petId: number): Promise<{ count: number; nextPosition: number }> {
  await client.query("SELECT 1 FROM pets WHERE id = $1 FOR UPDATE", [petId]);
  const { rows } = await client.query<{ count: string; next: number }>(
    "SELECT count(*), coalesce(max(position) + 1, 0) AS next FROM pet_photos WHERE pet_id = $1",
    [petId],
  );
  return { count: Number(rows[0]!.count), nextPosition: rows[0]!.next };
}

async function listIn(client: pg.PoolClient, petId: number): Promise<PhotoRecord[]> {
  const { rows } = await client.query<PhotoRow>(
    `SELECT ${COLUMNS} FROM pet_photos WHERE pet_id = $1 ORDER BY position, id`,
    [petId],
  );
  return rows.map(recordOf);
}

async function setPositions(client: pg.PoolClient, ids: readonly number[]): Promise<void> {
  await client.query(
    `UPDATE pet_photos SET position = ordered.position - 1
     FROM unnest($1::bigint[]) WITH ORDINALITY AS ordered(id, position) WHERE pet_photos.id = ordered.id`,
    [ids],
  );
}

function recordOf(row: PhotoRow): PhotoRecord {
  return {
    id: Number(row.id),
    petId: Number(row.pet_id),
    hash: row.hash,
    width: row.width,
    height: row.height,
    widths: row.widths,
    alt: row.alt,
  };
}
