import "server-only";
import { config } from "../config";
import { openFileStore } from "./file/file-store";
import type { PetStore } from "./pet-store";
import { describeDatabase } from "./postgres/database-target";

export type { ListPetsQuery, PetPage, PetStore } from "./pet-store";
export { InvalidCursorError, StoreUnavailableError } from "./pet-store";

// Next bundles route handlers and pages separately, so a module-level variable could be
// instantiated once per bundle: two writers on one directory. One per process, on globalThis.
const STORE = Symbol.for("petstore.store");
type Holder = { [STORE]?: Promise<PetStore> };

/** The process's one store, opened on first use from configuration. */
export function getPetStore(): Promise<PetStore> {
  const holder = globalThis as Holder;
  const store = (holder[STORE] ??= openConfiguredStore().catch((error: unknown) => {
    delete holder[STORE]; // let a later request try again once the cause is fixed
    throw error;
  }));
  return store;
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
  const { openPostgresStore } = await import("./postgres/postgres-store");
  return openPostgresStore({
    connectionString: databaseUrl,
    poolMax: config.databasePoolMax,
    waitSeconds: config.databaseWaitSeconds,
  });
}

/** Closes the store if one was opened; safe to call more than once. */
export async function closePetStore(): Promise<void> {
  const holder = globalThis as Holder;
  const store = holder[STORE];
  delete holder[STORE];
  if (store) await (await store).close();
}
