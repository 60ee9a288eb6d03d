import "server-only";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { openFileStore } from "@/lib/composition/file-store";
import type { PetStore } from "./pet-store";
import { describeDatabase } from "@/lib/store/postgres/database-target";
import { getLogger } from "@/lib/ops/logger";
import { timedStore } from "@/lib/ops/timed-store";
import { currentPhase } from "@/lib/ops/readiness";
import { StoreUnavailableError } from "@/lib/errors/store-errors";
import type { StoreLogger } from "@/lib/store/file/logger";
import { getDatabasePools } from "./database-pools";
import type { FileEngine } from "@/lib/store/file/engine/file-engine";
import type { ResourceStorage } from "@/lib/resources/define-resource-storage";
import { RESOURCE_STORAGE } from "@/lib/resources/resource-storage";

export type { PetStore } from "./pet-store";
export type { ListPetsQuery, PetPage } from "@/lib/pets/pet-store";

// One store per process, whichever bundle asks (two would write one directory).
const store = processSingleton<PetStore>("store");
// The file engine under the open file store, for the declared resources' file adapters (unset on PostgreSQL).
const fileEngine = processSingleton<FileEngine>("file-engine");
/** One slot a declared resource's store, by the resource's name. */
const resourceStore = <Store>(storage: ResourceStorage<Store>) =>
  processSingleton<Store>(`resource-store.${storage.resource.name}`);

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
  const { openPostgresStore } = await import("@/lib/composition/postgres-store");
  return openPostgresStore({
    connectionString: databaseUrl,
    pools: await getDatabasePools(),
    waitSeconds: config.databaseWaitSeconds,
    logger: storeLogger(),
    eventRetentionDays: config.eventRetentionDays,
    timeZone: config.timeZone,
  });
}

/**
 * A declared resource's store (lib/resources/resource-storage.ts, docs/decisions/305), opened
 * once the pet store is, on its engine: one lock, one journal or transaction.
 */
export function getResourceStore<Store>(storage: ResourceStorage<Store>): Promise<Store> {
  const slot = resourceStore(storage);
  const made = slot.settled();
  if (made) return Promise.resolve(made);
  return slot.get(async () => {
    // Its file parts would be missing from the engine the store writes through.
    if (!RESOURCE_STORAGE.includes(storage)) {
      throw new Error(`${storage.resource.name}'s storage is not listed in lib/resources/declared-resource-storage.ts`);
    }
    await getPetStore();
    const engine = fileEngine.peek();
    if (engine) return storage.store.onFile(await engine, getResourceStore);
    return storage.store.onPostgres(await getDatabasePools(), getResourceStore);
  });
}

/** Closes the store if one was opened; safe to call more than once. */
export async function closePetStore(): Promise<void> {
  const opened = store.peek();
  store.clear();
  for (const storage of RESOURCE_STORAGE) resourceStore(storage).clear();
  fileEngine.clear();
  if (opened) {
    await (await opened).close();
    getLogger().info({ event: "store" }, "Pet Store: store closed");
  }
}
