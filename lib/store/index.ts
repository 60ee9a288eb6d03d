import "server-only";
import { config } from "../config";
import { openFileStore } from "./file/file-store";
import type { PetStore } from "./pet-store";

export type { ListPetsQuery, PetPage, PetStore } from "./pet-store";
export { InvalidCursorError, StoreUnavailableError } from "./pet-store";

// Next bundles route handlers and pages separately, so a module-level variable could be
// instantiated once per bundle: two writers on one directory. One per process, on globalThis.
const STORE = Symbol.for("petstore.store");
type Holder = { [STORE]?: Promise<PetStore> };

/** The process's one store, opened on first use from configuration. */
export function getPetStore(): Promise<PetStore> {
  const holder = globalThis as Holder;
  const store = (holder[STORE] ??= openFileStore(config.dataDir).catch((error: unknown) => {
    delete holder[STORE]; // let a later request try again once the cause is fixed
    throw error;
  }));
  return store;
}

/** Closes the store if one was opened; safe to call more than once. */
export async function closePetStore(): Promise<void> {
  const holder = globalThis as Holder;
  const store = holder[STORE];
  delete holder[STORE];
  if (store) await (await store).close();
}
