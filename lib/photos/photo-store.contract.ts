import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PetStore } from "@/lib/composition/pet-store";
import { MAX_PHOTOS_PER_PET } from "./photo-limits";
import { PhotoNotFoundError, PhotoOrderMismatchError, TooManyPhotosError } from "./photo-errors";
import type { PhotoStore } from "./photo-store";
import type { ProcessedPhoto } from "./process-photo";

export interface PhotoSubject {
  pets: PetStore;
  photos: PhotoStore;
  /** Closes both and opens them again on the same storage. */
  reopen(): Promise<void>;
  cleanup(): Promise<void>;
}

/** A processed photo without sharp: the store keeps bytes, whatever they are. */
function fakePhoto(hash: string): ProcessedPhoto {
  const variants = [320, 500].flatMap((width) =>
    (["avif", "webp", "jpg"] as const).map((ext) => ({
      width,
      height: width / 2,
      ext,
      bytes: Buffer.from(`${hash}:${width}.${ext}`),
    })),
  );
  return { hash: hash.padEnd(32, "0"), width: 500, height: 250, variants };
}

/** The PhotoStore port (docs/decisions/175), run against each adapter. */
export function describePhotoStoreContract(name: string, open: () => Promise<PhotoSubject>): void {
  describe(`PhotoStore contract: ${name}`, () => {
    let subject: PhotoSubject;
    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it("keeps an animal's photos in order, durably, and serves their copies", async () => {
      const pet = await subject.pets.create({ name: "Rex", categoryId: 1 });
      const a = await subject.photos.addPhoto(pet.id, fakePhoto("a1"), "first");
      const b = await subject.photos.addPhoto(pet.id, fakePhoto("b2"), "");
      expect(a).toMatchObject({ petId: pet.id, width: 500, height: 250, widths: [320, 500], alt: "first" });
      await subject.reopen();
      expect((await subject.photos.listPhotos(pet.id)).map((photo) => photo.id)).toEqual([a.id, b.id]);
      expect((await subject.photos.readVariant(a.hash, 500, "webp"))?.toString()).toBe("a1:500.webp");
      expect(await subject.photos.readVariant(a.hash, 640, "webp")).toBeUndefined();
      const found = await subject.photos.photosOf([pet.id, 999]);
      expect(found.get(pet.id)).toHaveLength(2);
      expect(found.has(999)).toBe(false);
    });

    it("reorders, makes primary and sets alt text; refuses a wrong order or an unknown photo", async () => {
      const pet = await subject.pets.create({ name: "Rex", categoryId: 1 });
      const [a, b, c] = [
        await subject.photos.addPhoto(pet.id, fakePhoto("a1"), ""),
        await subject.photos.addPhoto(pet.id, fakePhoto("b2"), ""),
        await subject.photos.addPhoto(pet.id, fakePhoto("c3"), ""),
      ];
      const reordered = await subject.photos.reorderPhotos(pet.id, [c.id, a.id, b.id]);
      expect(reordered.map((photo) => photo.id)).toEqual([c.id, a.id, b.id]);
      const primary = await subject.photos.updatePhoto(pet.id, b.id, { primary: true, alt: "asleep" });
      expect(primary.map((photo) => [photo.id, photo.alt])).toEqual([
        [b.id, "asleep"],
        [c.id, ""],
        [a.id, ""],
      ]);
      await expect(subject.photos.reorderPhotos(pet.id, [a.id, b.id])).rejects.toBeInstanceOf(PhotoOrderMismatchError);
      await expect(subject.photos.reorderPhotos(pet.id, [a.id, a.id, b.id])).rejects.toBeInstanceOf(
        PhotoOrderMismatchError,
      );
      await expect(subject.photos.updatePhoto(pet.id, 999_999, { alt: "x" })).rejects.toBeInstanceOf(
        PhotoNotFoundError,
      );
      const other = await subject.pets.create({ name: "Tom", categoryId: 1 });
      await expect(subject.photos.deletePhoto(other.id, a.id)).rejects.toBeInstanceOf(PhotoNotFoundError);
      await subject.reopen();
      expect((await subject.photos.listPhotos(pet.id)).map((photo) => photo.id)).toEqual([b.id, c.id, a.id]);
    });

    it("stops serving a deleted photo's copies unless another photo shares them", async () => {
      const rex = await subject.pets.create({ name: "Rex", categoryId: 1 });
      const tom = await subject.pets.create({ name: "Tom", categoryId: 1 });
      const shared = await subject.photos.addPhoto(rex.id, fakePhoto("55"), "");
      const again = await subject.photos.addPhoto(tom.id, fakePhoto("55"), "");
      await subject.photos.deletePhoto(rex.id, shared.id);
      expect(await subject.photos.readVariant(shared.hash, 320, "jpg")).toBeDefined();
      await subject.photos.deletePhoto(tom.id, again.id);
      expect(await subject.photos.readVariant(shared.hash, 320, "jpg")).toBeUndefined();
      expect(await subject.photos.listPhotos(rex.id)).toEqual([]);
    });

    it(`holds at most ${MAX_PHOTOS_PER_PET} photos per animal, even when added at once`, async () => {
      const pet = await subject.pets.create({ name: "Rex", categoryId: 1 });
      const results = await Promise.allSettled(
        Array.from({ length: MAX_PHOTOS_PER_PET + 3 }, (_, index) =>
          subject.photos.addPhoto(pet.id, fakePhoto(`d${index.toString(16)}`), ""),
        ),
      );
      expect(results.filter((result) => result.status === "fulfilled")).toHaveLength(MAX_PHOTOS_PER_PET);
      for (const result of results.filter((result) => result.status === "rejected")) {
        expect(result.reason).toBeInstanceOf(TooManyPhotosError);
      }
    });
  });
}
