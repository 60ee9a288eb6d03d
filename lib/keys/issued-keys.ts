import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/store";
import { config } from "@/lib/config";
import { keyEventRecorder } from "@/lib/events/key-events";
import { createKeyCache, KEY_CACHE_MAX_AGE_MS, type KeyCache } from "./key-cache";
import { openConfiguredKeyStore } from "./open-key-store";

const cache = processSingleton<KeyCache>("issuedKeys");

/** How soon a key change made by `npm run keys` shows in the file store's event log, at the latest. */
const KEY_EVENTS_EVERY_MS = 5_000;

/** This process's view of the issued keys (the pet store opens first: on PostgreSQL it applies the migrations). */
export function getIssuedKeys(): KeyCache | Promise<KeyCache> {
  return cache.settled() ?? openIssuedKeys();
}

function openIssuedKeys(): Promise<KeyCache> {
  return cache.get(async () => {
    const store = await getPetStore();
    const keys = openConfiguredKeyStore();
    if (config.databaseUrl) {
      // Each key change commits with its event; told of every change to api_keys (any
      // instance's, or npm run keys), so the cache need not poll.
      const { openSharedChangeFeed } = await import("@/lib/store/postgres/change-feed");
      const changes = openSharedChangeFeed({ connectionString: config.databaseUrl });
      return createKeyCache(keys, KEY_CACHE_MAX_AGE_MS, changes);
    }
    // The key file needs the server's help to record its changes' events.
    const recordKeyEvents = keyEventRecorder((events) => store.appendEvents(events), config.eventRetentionDays);
    const offer = () =>
      keys
        .list()
        .then(recordKeyEvents)
        .catch(() => undefined);
    await offer(); // at start, every few seconds, and with every re-read for a request
    setInterval(offer, KEY_EVENTS_EVERY_MS).unref();
    return createKeyCache(keys, KEY_CACHE_MAX_AGE_MS, undefined, recordKeyEvents);
  });
}
