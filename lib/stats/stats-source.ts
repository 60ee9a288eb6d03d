import type { SacAnimal } from "@/lib/animal-record/sac-month";
import type { CategorySpecies } from "@/lib/animal-record/sac-species";

/*
 * What the statistics read from the record (issue 42): every animal that has stays, with its
 * category, birth date and stays, and the category → SAC species mapping. One read of
 * everything, for lib/stats to count from (docs/statistics.md); the service keeps it per
 * process until a write changes it (./statistics.ts, docs/decisions/264).
 */

/** An animal as the statistics count it; its name is for the drill-down's lists only. */
export type StatsAnimal = SacAnimal & { petId: number; name: string };

export type StatsSnapshot = {
  /** Every pet with at least one stay, by pet id; its stays oldest intake first, without their `personal` parts. */
  animals: StatsAnimal[];
  mapping: CategorySpecies;
};

/** The statistics' read port, on the engine the record is on (./stats-resource-storage.ts, opened by lib/composition/index.ts getResourceStore). */
export interface StatsSource {
  animalsForStats(): Promise<StatsSnapshot>;
}

/** Reads the category → species mapping (the medical store's `categorySpecies`, issue 41). */
export type ReadMapping = () => Promise<CategorySpecies>;
