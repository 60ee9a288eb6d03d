import "server-only";
import { config } from "@/lib/config";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/store";
import type { IdempotencyStore } from "./idempotency-store";

const store = processSingleton<IdempotencyStore>("idempotencyStore");

/**
 * Beside the pet store, opened after it: the file store's lock then guarantees this
 * process is the only one using the data directory, and on PostgreSQL the migrations ran.
 */
export function getIdempotencyStore(): Promise<IdempotencyStore> {
  return store.get(async () => {
    await getPetStore();
    if (!config.databaseUrl) {
      const { openFileIdempotencyStore } = await import("./file-idempotency-store");
      return openFileIdempotencyStore(config.dataDir);
    }
    const { openPostgresIdempotencyStore } = await import("./postgres-idempotency-store");
    return openPostgresIdempotencyStore({ connectionString: config.databaseUrl });
  });
}
