import "server-only";
import { EVERYTHING, type ChangeFeed } from "@/lib/store/changes";
import { watchCreations } from "@/lib/store/created-here";
import { PhotosByPet } from "./photos-by-pet";
import type { PhotoStore } from "./photo-store";

/** The table whose changes drop what was remembered (migrations/1795824000000_notify-photo-changes.sql). */
const PHOTOS_TABLE = "pet_photos";

/**
 * The PostgreSQL photo store with `photosOf` remembered per animal (./photos-by-pet.ts), as the store
 * remembers the pages it lists (lib/composition/postgres-read-cache.ts): GET /v1/pets asks for the
 * photos of the page it answers, and without this every remembered page still cost a round
 * trip. Dropped by this instance's photo changes when they settle, by any instance's through
 * the change feed, and never used while the feed is not live. Why: docs/decisions/182.
 */
export function withPhotoCache(store: PhotoStore, feed: ChangeFeed): PhotoStore {
  const photos = new PhotosByPet((petIds) => store.photosOf(petIds), feed);
  const unsubscribe = feed.subscribe((table) => {
    if (table === EVERYTHING || table === PHOTOS_TABLE) photos.changed();
  });
  // A pet this process creates has no photos yet: its first listing need not read them (docs/decisions/276).
  const unwatch = watchCreations(photos);
  const changing =
    <Args extends unknown[], Result>(write: (...args: Args) => Promise<Result>) =>
    (...args: Args): Promise<Result> =>
      write(...args).finally(() => photos.changed());
  return {
    addPhoto: changing((...args) => store.addPhoto(...args)),
    stagingDir: store.stagingDir,
    addStagedPhoto: changing((...args) => store.addStagedPhoto(...args)),
    updatePhoto: changing((...args) => store.updatePhoto(...args)),
    reorderPhotos: changing((...args) => store.reorderPhotos(...args)),
    deletePhoto: changing((...args) => store.deletePhoto(...args)),
    listPhotos: (petId) => store.listPhotos(petId),
    photosOf: (petIds) => (petIds.length === 0 ? new Map() : photos.photosOf(petIds)),
    readVariant: (...args) => store.readVariant(...args),
    close: async () => {
      unsubscribe();
      unwatch();
      await Promise.all([store.close(), feed.close()]);
    },
  };
}
