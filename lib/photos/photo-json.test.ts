import { describe, expect, it } from "vitest";
import { petPhotoOf, withPhotos } from "./photo-json";
import type { PhotoRecord } from "./photo-store";

const hash = "0123456789abcdef0123456789abcdef";
const record: PhotoRecord = { id: 7, petId: 3, hash, width: 800, height: 600, widths: [320, 640, 800], alt: "Rex" };

describe("petPhotoOf", () => {
  it("names Petfinder's sizes as JPEGs and a srcset per format, never wider than stored", () => {
    const photo = petPhotoOf(record);
    expect(photo).toMatchObject({ id: 7, alt: "Rex", width: 800, height: 600 });
    expect(photo.small).toBe(`/photos/${hash}-320.jpg`);
    expect(photo.medium).toBe(`/photos/${hash}-640.jpg`);
    expect(photo.large).toBe(`/photos/${hash}-800.jpg`);
    expect(photo.full).toBe(`/photos/${hash}-800.jpg`);
    expect(photo.srcset.avif).toBe(
      `/photos/${hash}-320.avif 320w, /photos/${hash}-640.avif 640w, /photos/${hash}-800.avif 800w`,
    );
  });
});

describe("withPhotos", () => {
  it("adds photos only to pets that have some, and returns the same array when none has", () => {
    const pets = [
      { id: 3, name: "Rex", categoryId: 1 },
      { id: 4, name: "Tom", categoryId: 1 },
    ];
    expect(withPhotos(pets, new Map())).toBe(pets);
    const shown = withPhotos(pets, new Map([[3, [record]]]));
    expect(shown[0]!.photos).toHaveLength(1);
    expect(shown[1]).toBe(pets[1]);
  });
});
