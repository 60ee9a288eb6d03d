import type { Pet, PetPhoto } from "@/lib/pets/schemas";
import { PHOTO_FORMATS } from "./photo-limits";
import type { PhotoRecord } from "./photo-store";
import { variantName } from "./variant-name";

/** Where stored copies are served (lib/photos/serve-photo.ts). */
export const PHOTOS_PATH = "/photos";

/** A photo as the API and the pages show it: Petfinder's sizes as JPEG, and a srcset per format. */
export function petPhotoOf(record: PhotoRecord): PetPhoto {
  const url = (width: number, ext: string) => `${PHOTOS_PATH}/${variantName(record.hash, width, ext as never)}`;
  const upTo = (limit: number) => record.widths.filter((width) => width <= limit).at(-1) ?? record.widths[0]!;
  const srcset = (ext: string) => record.widths.map((width) => `${url(width, ext)} ${width}w`).join(", ");
  const [avif, webp, jpeg] = PHOTO_FORMATS.map(({ ext }) => srcset(ext));
  return {
    id: record.id,
    alt: record.alt,
    width: record.width,
    height: record.height,
    small: url(upTo(320), "jpg"),
    medium: url(upTo(640), "jpg"),
    large: url(upTo(1280), "jpg"),
    full: url(record.widths.at(-1)!, "jpg"),
    srcset: { avif: avif!, webp: webp!, jpeg: jpeg! },
  };
}

/**
 * The pets with their photos; a pet without any is returned as it is (no `photos` field),
 * and when none has any, the very array given, so a remembered page stays remembered.
 */
export function withPhotos(pets: readonly Pet[], photos: ReadonlyMap<number, PhotoRecord[]>): readonly Pet[] {
  if (photos.size === 0) return pets;
  return pets.map((pet) => {
    const records = photos.get(pet.id);
    return records ? { ...pet, photos: records.map(petPhotoOf) } : pet;
  });
}
