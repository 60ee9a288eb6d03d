import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { getPetStore } from "@/lib/composition";
import { config } from "@/lib/config";
import { keyEventRecorder } from "@/lib/events/key-events";
import { createKeyCache, KEY_CACHE_MAX_AGE_MS, type KeyCache } from "./key-cache";
import type { KeyRecord, KeyStore } from "./key-store";
import { openServerKeyStore } from "./open-key-store";
import { revokeKeysOfFormerHolders } from "./issuer-sweep";
import { getAccountStore } from "@/lib/people/accounts";
import { scopesOf } from "@/lib/people/roles";

interface IssuedKeys {
  cache: KeyCache;
  /** The store the cache reads, also the one /v1/keys changes (one pool, not two). */
  store: KeyStore;
}

const issued = processSingleton<IssuedKeys>("issuedKeys");

/** How soon a key change made by `npm run keys` shows in the file store's event log, at the latest. */
const KEY_EVENTS_EVERY_MS = 5_000;

/** This process's view of the issued keys (the pet store opens first: on PostgreSQL it applies the migrations). */
export function getIssuedKeys(): KeyCache | Promise<KeyCache> {
  return issued.settled()?.cache ?? openIssuedKeys().then(({ cache }) => cache);
}

/**
 * Runs a change to the issued keys (/v1/keys), then re-reads them before resolving: the
 * next request sees the change, and on the file store the re-read records its event.
 */
export async function changeIssuedKeys<Result>(change: (store: KeyStore) => Promise<Result>): Promise<Result> {
  const { cache, store } = await (issued.settled() ?? openIssuedKeys());
  try {
    return await change(store);
  } finally {
    await cache.changed().catch(() => undefined); // unread, the copy stays stale: the next request re-reads
  }
}

/** Every issued key, read from the store (not the cache: a listing is rare, and must be current). */
export async function listIssuedKeys(): Promise<KeyRecord[]> {
  const { store } = await (issued.settled() ?? openIssuedKeys());
  return store.list();
}

function openIssuedKeys(): Promise<IssuedKeys> {
  return issued.get(async () => {
    const store = await getPetStore();
    const keys = await openServerKeyStore();
    await sweepFormerHolders(keys);
    if (config.databaseUrl) {
      // Each key change commits with its event; told of every change to api_keys (any
      // instance's, or npm run keys), so the cache need not poll.
      const { openSharedChangeFeed } = await import("@/lib/store/postgres/change-feed");
      const changes = openSharedChangeFeed({ connectionString: config.databaseUrl });
      return { cache: createKeyCache(keys, KEY_CACHE_MAX_AGE_MS, changes), store: keys };
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
    return { cache: createKeyCache(keys, KEY_CACHE_MAX_AGE_MS, undefined, recordKeyEvents), store: keys };
  });
}

/** At start, keys whose issuer lost their scopes while no change could revoke them (./issuer-sweep.ts). */
async function sweepFormerHolders(keys: KeyStore): Promise<void> {
  try {
    const accounts = await getAccountStore();
    await revokeKeysOfFormerHolders(
      keys,
      (id) => accounts.getPerson(id),
      (person) => (person.active ? scopesOf(person.role, config) : []),
    );
  } catch {
    // A store that cannot be read now: each change to a person still revokes their keys itself.
  }
}
