import { describe, expect, it } from "vitest";
import type { ChangeFeed } from "@/lib/store/changes";
import { beforeCreating, watchCreations } from "@/lib/store/created-here";
import { PhotosByPet } from "./photos-by-pet";
import type { PhotoRecord } from "./photo-store";

/** A feed that is live until told otherwise; subscribers are not needed here. */
const feed = (): ChangeFeed & { live: boolean } => ({ live: true, subscribe: () => () => {}, close: async () => {} });

/** PhotosByPet over a fake table, counting the reads that reach it. */
function subject(table: Map<number, PhotoRecord[]>, changes = feed()) {
  const reads: number[][] = [];
  const photos = new PhotosByPet((ids) => {
    reads.push([...ids]);
    return new Map(ids.flatMap((id) => (table.has(id) ? [[id, table.get(id)!] as const] : [])));
  }, changes);
  return { photos, reads, changes };
}

const photo = { id: 1 } as unknown as PhotoRecord;

// docs/decisions/276: a pet this process created has no photos, known without a read, unless
// the photos changed between the create's mark and its commit.
describe("PhotosByPet and this process's creates", () => {
  it("knows a pet created here has no photos, without reading, and answers the same frozen ids again by identity", async () => {
    const { photos, reads } = subject(new Map([[1, [photo]]]));
    await photos.photosOf([1]);
    const stop = watchCreations(photos);
    try {
      const done = beforeCreating();
      done([2]);
      const ids = Object.freeze([2, 1]);
      expect(await photos.photosOf(ids)).toEqual(new Map([[1, [photo]]]));
      expect(photos.photosOf(ids)).toBe(photos.photosOf(ids));
      expect(reads).toEqual([[1]]);
    } finally {
      stop();
    }
  });

  it("reads a created pet's photos after all when the photos changed between the mark and the commit", async () => {
    const table = new Map<number, PhotoRecord[]>();
    const { photos, reads } = subject(table);
    const stop = watchCreations(photos);
    try {
      const done = beforeCreating();
      // Another instance adds a photo to the new pet just after it committed; its NOTIFY arrives first.
      table.set(3, [photo]);
      photos.changed();
      done([3]);
      expect(await photos.photosOf([3])).toEqual(new Map([[3, [photo]]]));
      expect(reads).toEqual([[3]]);
    } finally {
      stop();
    }
  });

  it("takes no news while the feed is not live, and forgets a frozen list's answer at a change", async () => {
    const table = new Map<number, PhotoRecord[]>();
    const { photos, reads, changes } = subject(table);
    changes.live = false;
    photos.created([4], photos.mark());
    changes.live = true;
    const ids = Object.freeze([4]);
    expect(await photos.photosOf(ids)).toEqual(new Map());
    table.set(4, [photo]);
    photos.changed();
    expect(await photos.photosOf(ids)).toEqual(new Map([[4, [photo]]]));
    expect(reads).toEqual([[4], [4]]);
  });
});
