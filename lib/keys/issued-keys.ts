import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/store";
import { config } from "@/lib/config";
import { KEY_CACHE_MAX_AGE_MS, createKeyCache, type KeyCache } from "./key-cache";
import { openConfiguredKeyStore } from "./open-key-store";

const cache = processSingleton<KeyCache>("issuedKeys");

/** This process's view of the issued keys (the pet store opens first: on PostgreSQL it applies the migrations). */
export function getIssuedKeys(): KeyCache | Promise<KeyCache> {
  return cache.settled() ?? openIssuedKeys();
}

function openIssuedKeys(): Promise<KeyCache> {
  return cache.get(async () => {
    await getPetStore();
    if (!config.databaseUrl) return createKeyCache(openConfiguredKeyStore());
    // Told of every change to api_keys (any instance's, or npm run keys), so it need not poll.
    const { openChangeFeed } = await import("@/lib/store/postgres/change-feed");
    const changes = openChangeFeed({ connectionString: config.databaseUrl });
    return createKeyCache(openConfiguredKeyStore(), KEY_CACHE_MAX_AGE_MS, changes);
  });
}
