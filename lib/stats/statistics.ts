import "server-only";
import { config } from "@/lib/config";
import { globalSlot } from "@/lib/ops/global-slot";
import { getPetStore, getRecordStores } from "@/lib/store";
import { StatsCache, type StatsView } from "./stats-cache";
import type { StatsSource } from "./stats-source";

// One cache per source (a reopened store makes a new one), and one per process whichever bundle asks.
const caches = globalSlot("statsCaches", () => new WeakMap<StatsSource, StatsCache>());

/**
 * The statistics of the record as it is now (docs/decisions/264): from the snapshot this
 * process keeps while the event log has not grown, read again when it has.
 */
export async function currentStatistics(): Promise<StatsView> {
  const [{ stats }, pets] = await Promise.all([getRecordStores(), getPetStore()]);
  let cache = caches.get(stats);
  if (!cache) {
    cache = new StatsCache(
      () => pets.latestSequence(),
      () => stats.animalsForStats(),
      config.timeZone,
    );
    caches.set(stats, cache);
  }
  return cache.current();
}
