import "server-only";
import type { MaybePromise } from "@/lib/maybe-promise";
import type { ChangeFeed } from "@/lib/store/changes";
import type { PhotoRecord } from "./photo-store";

/** Animals whose photos are remembered at most; past it, everything is read again. */
const MAX_PETS = 16_384;

/**
 * Each animal's photos (none, too), remembered for one generation of the photos table, so a
 * page that differs from the last by one new animal costs one small read for that animal,
 * shared by every request waiting on it, not a read of the whole page (issue 39: after a
 * create every first page is new). Lists asked again are answered from the same map.
 * Never used while the feed is not live. Why: docs/decisions/182, 228.
 */
export class PhotosByPet {
  private generation = 0;
  private known = new Map<number, PhotoRecord[] | null>();
  private lists = new Map<string, ReadonlyMap<number, PhotoRecord[]>>();
  // The same frozen list of ids asked again (a remembered page's: lib/api/pets-api.ts): no key to make.
  private byList = new WeakMap<readonly number[], ReadonlyMap<number, PhotoRecord[]>>();
  private pending = new Map<string, Promise<ReadonlyMap<number, PhotoRecord[]>>>();

  constructor(
    private readonly load: (petIds: readonly number[]) => MaybePromise<ReadonlyMap<number, PhotoRecord[]>>,
    private readonly feed: ChangeFeed,
  ) {}

  changed(): void {
    this.generation++;
    if (this.known.size > 0) this.known = new Map();
    if (this.lists.size > 0) this.lists = new Map();
    this.byList = new WeakMap();
    if (this.pending.size > 0) this.pending = new Map();
  }

  /** The generation now: a create marks it before it is sent (lib/store/created-here.ts). */
  mark(): number {
    return this.generation;
  }

  /**
   * Animals this process created since `mark`, committed: they have no photos, unless the
   * photos changed since (a photo is added only to an animal that exists, so after its
   * commit; its change drops the generation). Known without a read (docs/decisions/276).
   */
  created(ids: readonly number[], mark: number): void {
    if (mark !== this.generation || !this.feed.live) return;
    if (this.known.size + ids.length > MAX_PETS) this.known = new Map();
    for (const id of ids) if (!this.known.has(id)) this.known.set(id, null);
  }

  photosOf(petIds: readonly number[]): MaybePromise<ReadonlyMap<number, PhotoRecord[]>> {
    if (!this.feed.live) return this.load(petIds);
    const same = this.byList.get(petIds);
    if (same) return same;
    const key = petIds.join(",");
    const list = this.lists.get(key);
    if (list) {
      if (Object.isFrozen(petIds)) this.byList.set(petIds, list);
      return list;
    }
    const missing = petIds.filter((id) => !this.known.has(id));
    const have = this.pick(petIds);
    if (missing.length === 0) {
      if (this.lists.size >= MAX_PETS) this.lists = new Map();
      this.lists.set(key, have);
      if (Object.isFrozen(petIds)) this.byList.set(petIds, have);
      return have;
    }
    return this.read(missing).then((found) => {
      const answer = new Map(have);
      for (const id of missing) {
        const photos = found.get(id);
        if (photos) answer.set(id, photos);
      }
      return answer;
    });
  }

  /** The photos of animals in `ids` that have some, as known now. */
  private pick(ids: readonly number[]): Map<number, PhotoRecord[]> {
    const picked = new Map<number, PhotoRecord[]>();
    for (const id of ids) {
      const photos = this.known.get(id);
      if (photos) picked.set(id, photos);
    }
    return picked;
  }

  /** One read for these animals, shared by every request missing the same ones. */
  private read(ids: readonly number[]): Promise<ReadonlyMap<number, PhotoRecord[]>> {
    const key = ids.join(",");
    const underWay = this.pending.get(key);
    if (underWay) return underWay;
    const generation = this.generation;
    const pending = this.pending;
    const reading = Promise.resolve(this.load(ids)).then(
      (found) => {
        pending.delete(key);
        // Only a read that saw nothing change while it ran, with the feed up all along.
        if (generation === this.generation && this.feed.live) {
          if (this.known.size + ids.length > MAX_PETS) this.known = new Map();
          for (const id of ids) this.known.set(id, found.get(id) ?? null);
        }
        return found;
      },
      (error: unknown) => {
        pending.delete(key);
        throw error;
      },
    );
    pending.set(key, reading);
    return reading;
  }
}
