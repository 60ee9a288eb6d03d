import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileStore } from "@/lib/store/file/file-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import type { PetStore } from "@/lib/store/pet-store";
import { exportToFileStore, importFileStore } from "./move-data";
import { openPostgresStore } from "./postgres-store";
import { newTestSchema } from "./test-schema";

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

    expect(await importFileStore(source, target)).toEqual({ imported: 12, alreadyPresent: 0, conflicting: [] });
    expect(await importFileStore(source, target)).toEqual({ imported: 0, alreadyPresent: 12, conflicting: [] });

    const database = await openPostgresStore({ ...target, poolMax: 2 });
    expect(await everyPet(database)).toEqual(original);
    const next = await database.create({ name: "After import", categoryId: 1 });
    expect(next.id).toBe(13);
    await database.close();
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
    });
    expect(await database.get(existing.id)).toEqual(existing);
    await database.close();
  });

  it("exports into a new directory that the file store opens with the same pets and ids", async () => {
    const database = await openPostgresStore({ ...target, poolMax: 2 });
    for (let i = 0; i < 7; i++) await database.create({ name: `Exported ${i}`, categoryId: 3, status: "pending" });
    const stored = await everyPet(database);
    await database.close();

    const dir = path.join(temp, "exported");
    expect(await exportToFileStore(dir, target)).toBe(7);
    const files = await openFileStore(dir, { logger: recordingLogger() });
    expect(await everyPet(files)).toEqual(stored);
    expect((await files.create({ name: "Next", categoryId: 1 })).id).toBe(Math.max(...stored.map((pet) => pet.id)) + 1);
    await files.close();
    await expect(exportToFileStore(dir, target)).rejects.toThrow(/not empty/);
  });
});
