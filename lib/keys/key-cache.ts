import "server-only";
import { issuedKeyId, sameHash, hashKey } from "./key-format";
import { isUsable, type KeyRecord, type KeyStore } from "./key-store";

/**
 * How old the server's copy of the issued keys may get. A revocation or a new key written
 * by `npm run keys` (on this machine or another instance's database) is seen within this
 * plus one read, well inside the one second the issue allows (docs/decisions/090).
 */
export const KEY_CACHE_MAX_AGE_MS = 500;

export interface KeyCache {
  /** The usable issued key this token is, or undefined (unknown, revoked, expired, typo). */
  find(token: string): Promise<KeyRecord | undefined>;
}

/**
 * Issued keys by id, re-read from the store when the copy is older than maxAgeMs; a
 * request that finds it stale waits for the one re-read under way, so it never decides
 * on a copy older than that. Tokens that are not issued keys never touch the store.
 */
export function createKeyCache(store: KeyStore, maxAgeMs = KEY_CACHE_MAX_AGE_MS): KeyCache {
  let byId = new Map<string, KeyRecord>();
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;
  const refresh = () =>
    (loading ??= (async () => {
      const startedAt = Date.now();
      try {
        const records = await store.list();
        byId = new Map(records.map((record) => [record.id, record]));
        loadedAt = startedAt;
      } finally {
        loading = undefined;
      }
    })());
  return {
    async find(token) {
      const id = issuedKeyId(token);
      if (id === undefined) return undefined;
      if (Date.now() - loadedAt > maxAgeMs) await refresh();
      const record = byId.get(id);
      if (!record || !sameHash(record.hash, hashKey(token))) return undefined;
      return isUsable(record, Date.now()) ? record : undefined;
    },
  };
}
