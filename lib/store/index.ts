import "server-only";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { openFileStore } from "@/lib/store/file/file-store";
import type { PetStore } from "./pet-store";
import { describeDatabase } from "@/lib/store/postgres/database-target";

export type { ListPetsQuery, PetPage, PetStore } from "./pet-store";
export { InvalidCursorError, StoreUnavailableError } from "./pet-store";

// One store per process, whichever bundle asks (two would write one directory).
const store = processSingleton<PetStore>("store");

/** The process's one store, opened on first use from configuration. */
export function getPetStore(): Promise<PetStore> {
  return store.get(openConfiguredStore);
}

/** The adapter configuration asks for, logged once (the database by host and name, never its password). */
async function openConfiguredStore(): Promise<PetStore> {
  const { databaseUrl } = config;
  if (!databaseUrl) {
    console.log(`Pet Store: storing pets in files under ${config.dataDir}.`);
    return openFileStore(config.dataDir);
  }
  console.log(`Pet Store: storing pets in PostgreSQL at ${describeDatabase(databaseUrl)}.`);
  // Loaded only when chosen, so a file-store deployment never loads the driver.
  const { openPostgresStore } = await import("@/lib/store/postgres/postgres-store");
  return openPostgresStore({
    connectionString: databaseUrl,
    poolMax: config.databasePoolMax,
    waitSeconds: config.databaseWaitSeconds,
  });
}

/** Closes the store if one was opened; safe to call more than once. */
export async function closePetStore(): Promise<void> {
  const opened = store.peek();
  store.clear();
  if (opened) await (await opened).close();
}
