import { defineResourceStorage } from "@/lib/resources/define-resource-storage";
import { medicalStorage } from "@/lib/animal-record/medical-resource-storage";
import type { StatsSource } from "./stats-source";
import { statsResource } from "./stats-resource";

/**
 * The statistics' read of the whole record (docs/decisions/264): no part of its own, it reads
 * the stays' and the pets'; the species mapping comes from the medical record's store.
 */
export const statsStorage = defineResourceStorage<StatsSource>(statsResource, {
  store: {
    onFile: async (engine, open) => {
      const { FileStatsSource } = await import("./file-stats-source");
      return new FileStatsSource(engine, async () => (await open(medicalStorage)).categorySpecies());
    },
    onPostgres: async ({ requests }, open) => {
      const { PostgresStatsSource } = await import("./postgres-stats-source");
      return new PostgresStatsSource(requests, async () => (await open(medicalStorage)).categorySpecies());
    },
  },
});
