import { globalSlot } from "@/lib/ops/global-slot";

/*
 * News that this process created pets, for what it remembers of other tables about them
 * (docs/decisions/276): a pet created a moment ago has no photos, so the photos' cache
 * (lib/photos/photo-cache.ts) need not read them when the pet first shows on a listing.
 * A watcher is marked before the create is sent and told its ids once it committed; what
 * changed in between (the mark no longer current) makes the news worthless, and it is dropped.
 */
export interface CreationWatcher {
  /** What the watcher knows now, as a token (its generation). */
  mark(): number;
  /** `ids` were created, and committed, since `mark` was taken. */
  created(ids: readonly number[], mark: number): void;
}

const watchers = globalSlot("creationWatchers", () => new Set<CreationWatcher>());

/** Tells `watcher` of every create of this process from now on; returns the function that stops it. */
export function watchCreations(watcher: CreationWatcher): () => void {
  watchers.add(watcher);
  return () => watchers.delete(watcher);
}

const NOBODY = () => {};

/** Call before sending a create; call what it returns with the ids created once they committed. */
export function beforeCreating(): (ids: readonly number[]) => void {
  if (watchers.size === 0) return NOBODY;
  const marks = [...watchers].map((watcher) => ({ watcher, mark: watcher.mark() }));
  return (ids) => {
    for (const { watcher, mark } of marks) watcher.created(ids, mark);
  };
}
