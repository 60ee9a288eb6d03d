import "server-only";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/composition";
import { getDatabasePools } from "@/lib/composition/database-pools";
import type { PhotoStore } from "./photo-store";

// One per process, whichever bundle asks (docs/decisions/005).
const photoStore = processSingleton<PhotoStore>("photoStore");

/**
 * The process's photo store, beside the pet store and chosen the same way: files under the
 * data directory, or PostgreSQL when PETSTORE_DATABASE_URL is set (docs/decisions/175).
 * Opened after the pet store, which owns the data directory's lock and the migrations.
 */
export function getPhotoStore(): PhotoStore | Promise<PhotoStore> {
  return photoStore.settled() ?? photoStore.get(openConfiguredPhotoStore);
}

async function openConfiguredPhotoStore(): Promise<PhotoStore> {
  await getPetStore();
  if (!config.databaseUrl) {
    const { openFilePhotoStore } = await import("./file-photo-store");
    return openFilePhotoStore(config.dataDir);
  }
  const { openPostgresPhotoStore } = await import("./postgres-photo-store");
  const { requests } = await getDatabasePools();
  return openPostgresPhotoStore({ connectionString: config.databaseUrl, database: requests });
}

/** Closes the photo store if one was opened; safe to call more than once. */
export async function closePhotoStore(): Promise<void> {
  const opened = photoStore.peek();
  photoStore.clear();
  if (opened) await (await opened.catch(() => undefined))?.close();
}
