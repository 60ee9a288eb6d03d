import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileStore } from "@/lib/composition/file-store";
import type { PetStore } from "@/lib/composition/pet-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";
import { openFilePhotoStore } from "./file-photo-store";
import { TooManyPhotosError } from "./photo-errors";
import { MAX_PHOTOS_PER_PET } from "./photo-limits";
import type { PhotoStore } from "./photo-store";
import type { ProcessedPhoto } from "./process-photo";
import { stageCopies } from "./stage-copies";

/** Copies the photo worker would make, written into the store's staging directory as it does. */
function stagePhoto(photos: PhotoStore, hash: string) {
  const variants = [320, 500].flatMap((width) =>
    (["avif", "webp", "jpg"] as const).map((ext) => ({
      width,
      height: width / 2,
      ext,
      bytes: Buffer.from(`${hash}:${width}.${ext}`),
    })),
  );
  const photo: ProcessedPhoto = { hash: hash.padEnd(32, "0"), width: 500, height: 250, variants };
  return stageCopies(photo, photos.stagingDir!, randomBytes(8).toString("hex"));
}

describe("the file photo store's staged copies (docs/decisions/199)", () => {
  let root: string;
  let dataDir: string;
  let pets: PetStore;
  let photos: PhotoStore;
  const staging = () => fs.readdir(photos.stagingDir!);
  beforeEach(async () => {
    root = await makeTempDir();
    dataDir = path.join(root, "data");
    pets = await openFileStore(dataDir, { logger: recordingLogger() });
    photos = await openFilePhotoStore(dataDir);
  });
  afterEach(async () => {
    await photos.close();
    await pets.close();
    await removeTempDir(root);
  });

  it("moves a staged photo's copies in place, durably, and leaves nothing staged", async () => {
    const pet = await pets.create({ name: "Rex", categoryId: 1 });
    const staged = await stagePhoto(photos, "a1");
    expect(await staging()).toHaveLength(6);
    const record = await photos.addStagedPhoto(pet.id, staged, "asleep");
    expect(record).toMatchObject({ petId: pet.id, width: 500, height: 250, widths: [320, 500], alt: "asleep" });
    expect(await staging()).toEqual([]);
    await photos.close();
    photos = await openFilePhotoStore(dataDir);
    expect((await photos.listPhotos(pet.id)).map((photo) => photo.id)).toEqual([record.id]);
    expect((await photos.readVariant(record.hash, 500, "avif"))?.toString()).toBe("a1:500.avif");
  });

  it("removes the staged copies of a refused photo, and of one whose copies are stored already", async () => {
    const pet = await pets.create({ name: "Rex", categoryId: 1 });
    for (let index = 0; index < MAX_PHOTOS_PER_PET; index++) {
      await photos.addStagedPhoto(pet.id, await stagePhoto(photos, `b${index.toString(16)}`), "");
    }
    await expect(photos.addStagedPhoto(pet.id, await stagePhoto(photos, "c1"), "")).rejects.toBeInstanceOf(
      TooManyPhotosError,
    );
    expect(await staging()).toEqual([]);
    const other = await pets.create({ name: "Tom", categoryId: 1 });
    const again = await photos.addStagedPhoto(other.id, await stagePhoto(photos, "b0"), "");
    expect(await staging()).toEqual([]);
    expect((await photos.readVariant(again.hash, 320, "jpg"))?.toString()).toBe("b0:320.jpg");
  });

  it("keeps the copies of a photo staged while another photo with them is deleted", async () => {
    const rex = await pets.create({ name: "Rex", categoryId: 1 });
    const tom = await pets.create({ name: "Tom", categoryId: 1 });
    const first = await photos.addStagedPhoto(rex.id, await stagePhoto(photos, "d1"), "");
    const staged = await stagePhoto(photos, "d1"); // the same upload, processed while the first is deleted
    await photos.deletePhoto(rex.id, first.id);
    const second = await photos.addStagedPhoto(tom.id, staged, "");
    expect((await photos.readVariant(second.hash, 500, "webp"))?.toString()).toBe("d1:500.webp");
  });

  it("empties the staging directory at opening: uploads and copies an earlier run left", async () => {
    await fs.writeFile(path.join(photos.stagingDir!, "0123456789abcdef.upload"), "half an upload");
    await stagePhoto(photos, "e1");
    await photos.close();
    photos = await openFilePhotoStore(dataDir);
    expect(await staging()).toEqual([]);
  });
});
