import "server-only";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { openFileStore } from "@/lib/store/file/file-store";
import type { PetStore } from "./pet-store";
import { describeDatabase } from "@/lib/store/postgres/database-target";
import { getLogger } from "@/lib/ops/logger";
import { timedStore } from "@/lib/ops/timed-store";
import { currentPhase } from "@/lib/ops/readiness";
import { StoreUnavailableError } from "@/lib/errors/store-errors";
import type { StoreLogger } from "@/lib/store/file/logger";
import { getDatabasePools } from "./database-pools";
import type { FileEngine } from "@/lib/store/file/engine/file-engine";
import type { StayStore } from "@/lib/animal-record/stay-store";
import type { MedicalStore } from "@/lib/animal-record/medical-store";
import type { CalendarTokenStore } from "@/lib/animal-record/calendar-token-store";
import type { StatsSource } from "@/lib/stats/stats-source";

export type { ListPetsQuery, PetPage, PetStore } from "./pet-store";

// One store per process, whichever bundle asks (two would write one directory).
const store = processSingleton<PetStore>("store");
// The file engine under the open file store, for the record's file adapters (unset on PostgreSQL).
const fileEngine = processSingleton<FileEngine>("file-engine");
const records = processSingleton<RecordStores>("record-stores");

/** The animal record's stores (issue 41), on the engine the pets are on: one lock, one journal or transaction. */
export interface RecordStores {
  stays: StayStore;
  medical: MedicalStore;
  /** The calendar feed's tokens (docs/decisions/258). */
  calendarTokens: CalendarTokenStore;
  /** The statistics' read of the whole record (issue 42). */
  stats: StatsSource;
}

/**
 * The process's one store, opened on first use from configuration (at once when it is
 * open: lib/maybe-promise.ts). Once a stop has begun and the store is closed, it is not
 * opened again: a late request gets a 503.
 */
export function getPetStore(): PetStore | Promise<PetStore> {
  const opened = store.settled();
  if (opened) return opened;
  if (currentPhase() === "draining" && !store.peek()) {
    return Promise.reject(new StoreUnavailableError(new Error("the server is stopping")));
  }
  return store.get(async () => timedStore(await openConfiguredStore()));
}

/** Store events (recoveries, waits, migrations) as JSON log lines. */
function storeLogger(): StoreLogger {
  const logger = getLogger().child({ event: "store" });
  return { warn: (message) => logger.warn(message), info: (message) => logger.info(message) };
}

/** The adapter configuration asks for, logged once (the database by host and name, never its password). */
async function openConfiguredStore(): Promise<PetStore> {
  const { databaseUrl } = config;
  if (!databaseUrl) {
    getLogger().info({ event: "store" }, `Pet Store: storing pets in files under ${config.dataDir}.`);
    const opened = await openFileStore(config.dataDir, {
      logger: storeLogger(),
      eventRetentionDays: config.eventRetentionDays,
      timeZone: config.timeZone,
    });
    void fileEngine.get(async () => opened.engine);
    return opened;
  }
  getLogger().info({ event: "store" }, `Pet Store: storing pets in PostgreSQL at ${describeDatabase(databaseUrl)}.`);
  // Loaded only when chosen, so a file-store deployment never loads the driver.
  const { openPostgresStore } = await import("@/lib/store/postgres/postgres-store");
  return openPostgresStore({
    connectionString: databaseUrl,
    pools: await getDatabasePools(),
    waitSeconds: config.databaseWaitSeconds,
    logger: storeLogger(),
    eventRetentionDays: config.eventRetentionDays,
    timeZone: config.timeZone,
  });
}

/** The record's stores, made once the pet store is open (they share its engine). */
export function getRecordStores(): Promise<RecordStores> {
  const made = records.settled();
  if (made) return Promise.resolve(made);
  return records.get(async () => {
    await getPetStore();
    const engine = fileEngine.peek();
    if (engine) {
      const { FileStayStore } = await import("@/lib/animal-record/file-stay-store");
      const { FileMedicalStore } = await import("@/lib/animal-record/file-medical-store");
      const { FileCalendarTokenStore } = await import("@/lib/animal-record/file-calendar-token-store");
      const { FileStatsSource } = await import("@/lib/stats/file-stats-source");
      const opened = await engine;
      const medical = new FileMedicalStore(opened);
      return {
        stays: new FileStayStore(opened),
        medical,
        calendarTokens: new FileCalendarTokenStore(opened),
        stats: new FileStatsSource(opened, () => medical.categorySpecies()),
      };
    }
    const { PostgresStayStore } = await import("@/lib/animal-record/postgres-stay-store");
    const { PostgresMedicalStore } = await import("@/lib/animal-record/postgres-medical-store");
    const { PostgresCalendarTokenStore } = await import("@/lib/animal-record/postgres-calendar-token-store");
    const { PostgresStatsSource } = await import("@/lib/stats/postgres-stats-source");
    const { requests } = await getDatabasePools();
    const medical = new PostgresMedicalStore(requests);
    return {
      stays: new PostgresStayStore(requests),
      medical,
      calendarTokens: new PostgresCalendarTokenStore(requests),
      stats: new PostgresStatsSource(requests, () => medical.categorySpecies()),
    };
  });
}

/** Closes the store if one was opened; safe to call more than once. */
export async function closePetStore(): Promise<void> {
  const opened = store.peek();
  store.clear();
  records.clear();
  fileEngine.clear();
  if (opened) {
    await (await opened).close();
    getLogger().info({ event: "store" }, "Pet Store: store closed");
  }
}
