import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileStore } from "@/lib/composition/file-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import type { PetStore } from "@/lib/composition/pet-store";
import { openFilePhotoStore } from "@/lib/photos/file-photo-store";
import { openPostgresPhotoStore } from "@/lib/photos/postgres-photo-store";
import type { PhotoStore } from "@/lib/photos/photo-store";
import type { ProcessedPhoto } from "@/lib/photos/process-photo";
import { exportToFileStore, importFileStore } from "./move-data";
import { openPostgresStore } from "./postgres-store";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { openDatabasePools } from "@/lib/store/postgres/pools";
import { PostgresStayStore } from "@/lib/animal-record/postgres-stay-store";

const everyPet = async (store: PetStore) => (await store.list({ limit: 100 })).pets;

describe("moving pets between the file store and PostgreSQL", () => {
  let temp: string;
  let target: ReturnType<typeof newTestSchema> & { logger: ReturnType<typeof recordingLogger> };
  beforeEach(async () => {
    temp = await makeTempDir();
    target = { ...newTestSchema(), logger: recordingLogger() };
  });
  afterEach(async () => {
    await removeTempDir(temp);
    await target.drop();
  });

  it("imports every pet with its id, twice without duplicates, and new pets continue after them", async () => {
    const source = path.join(temp, "data");
    const files = await openFileStore(source, { logger: recordingLogger() });
    for (let i = 0; i < 12; i++)
      await files.create({ name: `Pet ${i} 🐾`, categoryId: 1 + i, status: i % 3 ? "sold" : "available" });
    const original = await everyPet(files);
    await files.close();

    expect(await importFileStore(source, target)).toEqual({
      imported: 12,
      alreadyPresent: 0,
      conflicting: [],
      photos: 0,
    });
    expect(await importFileStore(source, target)).toEqual({
      imported: 0,
      alreadyPresent: 12,
      conflicting: [],
      photos: 0,
    });

    const database = await openPostgresStore({ ...target, poolMax: 2 });
    expect(await everyPet(database)).toEqual(original);
    const next = await database.create({ name: "After import", categoryId: 1 });
    expect(next.id).toBe(13);
    await database.close();

    // Each imported pet has one first stay (docs/decisions/255), closed by an adoption when sold; twice imported, still one.
    const pools = openDatabasePools({ ...target, requestsMax: 1, warn: () => {} });
    try {
      const stays = new PostgresStayStore(pools.requests);
      for (const pet of original) {
        const [stay, ...more] = await stays.listStays(pet.id);
        expect(more).toEqual([]);
        expect(stay?.intake).toMatchObject({ type: "other", subtype: "not_recorded" });
        expect(stay?.outcome?.type).toBe(pet.status === "sold" ? "adoption" : undefined);
      }
    } finally {
      await pools.end();
    }
  });

  it("reports an id that holds a different pet on each side, leaving PostgreSQL's", async () => {
    const database = await openPostgresStore({ ...target, poolMax: 2 });
    const existing = await database.create({ name: "Already here", categoryId: 1 });
    const source = path.join(temp, "data");
    const files = await openFileStore(source, { logger: recordingLogger() });
    await files.create({ name: "From files", categoryId: 2 });
    await files.create({ name: "Second", categoryId: 2 });
    await files.close();
    expect(await importFileStore(source, target)).toEqual({
      imported: 1,
      alreadyPresent: 1,
      conflicting: [existing.id],
      photos: 0,
    });
    expect(await database.get(existing.id)).toEqual(existing);
    await database.close();
  });

  it("exports into a new directory that the file store opens with the same pets, ids and profiles", async () => {
    const database = await openPostgresStore({ ...target, poolMax: 2 });
    for (let i = 0; i < 7; i++) await database.create({ name: `Exported ${i}`, categoryId: 3, status: "pending" });
    await database.create({ name: "With a profile", categoryId: 1, sex: "female", goodWith: { cats: "yes" } });
    const stored = await everyPet(database);
    await database.close();

    const dir = path.join(temp, "exported");
    expect(await exportToFileStore(dir, target)).toEqual({ pets: 8, photos: 0 });
    const files = await openFileStore(dir, { logger: recordingLogger() });
    expect(await everyPet(files)).toEqual(stored);
    expect((await files.create({ name: "Next", categoryId: 1 })).id).toBe(Math.max(...stored.map((pet) => pet.id)) + 1);
    await files.close();
    await expect(exportToFileStore(dir, target)).rejects.toThrow(/not empty/);
  });

  it("moves each animal's photos both ways, in order, with their alt text and stored copies, once", async () => {
    const source = path.join(temp, "data");
    const files = await openFileStore(source, { logger: recordingLogger() });
    const pet = await files.create({ name: "Photographed", categoryId: 1 });
    await files.create({ name: "No photos", categoryId: 1 });
    await files.close();
    const filePhotos = await openFilePhotoStore(source);
    const first = await filePhotos.addPhoto(pet.id, fakePhoto("a"), "In the garden");
    const second = await filePhotos.addPhoto(pet.id, fakePhoto("b"), "Asleep");
    await filePhotos.updatePhoto(pet.id, second.id, { primary: true });
    await filePhotos.close();

    expect((await importFileStore(source, target)).photos).toBe(2);
    expect((await importFileStore(source, target)).photos).toBe(0);
    const databasePhotos = openPostgresPhotoStore(target);
    const shape = async (store: PhotoStore) =>
      Promise.all(
        (await store.listPhotos(pet.id)).map(async ({ hash, width, height, widths, alt }) => ({
          hash,
          width,
          height,
          widths,
          alt,
          copy: (await store.readVariant(hash, 320, "webp"))?.toString(),
        })),
      );
    const expected = [second, first].map(({ hash, width, height, widths, alt }) => ({
      hash,
      width,
      height,
      widths,
      alt,
      copy: `${hash[0]}:320.webp`,
    }));
    expect(await shape(databasePhotos)).toEqual(expected);
    await databasePhotos.close();

    const dir = path.join(temp, "exported");
    expect(await exportToFileStore(dir, target)).toEqual({ pets: 2, photos: 2 });
    const exported = await openFilePhotoStore(dir);
    expect(await shape(exported)).toEqual(expected);
    await exported.close();
  });
});

/** A processed photo without sharp: the stores keep bytes, whatever they are. */
function fakePhoto(letter: string): ProcessedPhoto {
  const variants = [320, 640].flatMap((width) =>
    (["avif", "webp", "jpg"] as const).map((ext) => ({
      width,
      height: width / 2,
      ext,
      bytes: Buffer.from(`${letter}:${width}.${ext}`),
    })),
  );
  return { hash: letter.padEnd(32, "0"), width: 640, height: 320, variants };
}
