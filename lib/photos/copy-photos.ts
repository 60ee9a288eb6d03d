import "server-only";
import { PHOTO_FORMATS } from "./photo-limits";
import type { PhotoStore } from "./photo-store";
import type { PhotoVariant } from "./process-photo";

const BATCH = 500;

/**
 * Copies the photos of these pets from one photo store to another, in each animal's order,
 * for `db:import` and `db:export`. The stored copies move byte for byte (nothing is
 * processed again), so every photo keeps its URLs; the photos get the target's ids. A pet
 * that has photos in the target already is left as it is, so running it again adds nothing
 * twice. Answers how many photos were copied.
 */
export async function copyPhotos(from: PhotoStore, to: PhotoStore, petIds: readonly number[]): Promise<number> {
  let copied = 0;
  for (let start = 0; start < petIds.length; start += BATCH) {
    const batch = petIds.slice(start, start + BATCH);
    const [sources, targets] = await Promise.all([from.photosOf(batch), to.photosOf(batch)]);
    for (const [petId, photos] of sources) {
      if (targets.has(petId)) continue;
      for (const photo of photos) {
        const variants: PhotoVariant[] = [];
        for (const width of photo.widths) {
          for (const { ext } of PHOTO_FORMATS) {
            const bytes = await from.readVariant(photo.hash, width, ext);
            if (!bytes) throw new Error(`photo ${photo.id} of pet ${petId} has no stored ${width} px ${ext} copy`);
            // The stores keep no copy's height; the upright ratio gives it.
            variants.push({ width, height: Math.round((photo.height * width) / photo.width), ext, bytes });
          }
        }
        const { hash, width, height, alt } = photo;
        await to.addPhoto(petId, { hash, width, height, variants }, alt);
        copied++;
      }
    }
  }
  return copied;
}
