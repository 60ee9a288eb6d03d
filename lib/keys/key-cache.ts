import "server-only";
import { checksumHolds, digestOf, issuedKeyIdPart, issuedKeyShapeId, mayBeIssuedKey, sameHash } from "./key-format";
import { isUsable, type KeyRecord, type KeyStore } from "./key-store";
import { nowMs } from "@/lib/clock";
import { EVERYTHING, type ChangeFeed } from "@/lib/store/changes";

/**
 * How old the server's copy of the issued keys may get. A revocation or a new key written
 * by `npm run keys` (on this machine or another instance's database) is seen within this
 * plus one read, well inside the one second the issue allows (docs/decisions/090).
 */
export const KEY_CACHE_MAX_AGE_MS = 500;

export interface KeyCache {
  /**
   * The usable issued key this token is, or undefined (unknown, revoked, expired, typo).
   * `digest` is the token's SHA-256 when the caller already has it (lib/api/authenticate.ts).
   * Answers at once while the copy is fresh; only a re-read gives a promise.
   */
  find(token: string, digest?: string): KeyRecord | undefined | Promise<KeyRecord | undefined>;
  /**
   * Resolves once the copy is fresh, re-reading it when it is not; rejects when the store
   * cannot be read (/readyz: an instance whose keys cannot be checked is not ready).
   */
  check(): Promise<void>;
  /**
   * This process just changed a key (over /v1/keys): re-reads now, so that every request
   * answered after this resolves sees the change (a new key works at once, a revoked one
   * is refused at once), whatever the copy's age or the change feed's delay.
   */
  changed(): Promise<void>;
}

/**
 * Issued keys by id. With a live change feed (PostgreSQL's LISTEN: lib/store/changes.ts)
 * the copy stays fresh until the feed says api_keys changed, and is re-read at once then,
 * in the background; without one, or while it is lost, the copy is re-read when older than
 * maxAgeMs (polling, as on the file store). A request that finds it stale waits for the
 * one re-read under way, so it never decides on a copy older than that. Tokens that are not issued keys never touch the store: a
 * stale copy is re-read only for a token whose checksum holds (a fresh copy needs no
 * checksum: a typo's hash matches no key anyway, and one SHA-256 fewer per request).
 */
export function createKeyCache(
  store: KeyStore,
  maxAgeMs = KEY_CACHE_MAX_AGE_MS,
  changes?: ChangeFeed,
  /** Told every list read (the file store's key events, lib/events/key-events.ts); its failure is its own. */
  onRead?: (records: KeyRecord[]) => Promise<void>,
): KeyCache {
  // Each record beside its hash as the lower-case hex digestOf gives, once per re-read.
  let byId = new Map<string, Loaded>();
  let loadedAt = -Infinity;
  let loading: Promise<void> | undefined;
  // Changes announced so far, and how many the copy has seen: equal means nothing changed since.
  let announced = 0;
  let loadedAnnounced = -1;
  // This process's own changes: a read begun before the latest one does not make the copy fresh.
  let ownChanges = 0;
  const refresh = () =>
    (loading ??= (async () => {
      const startedAt = nowMs();
      const seen = announced;
      const seenOwn = ownChanges;
      try {
        const records = await store.list();
        byId = new Map(records.map((record) => [record.id, loaded(record)]));
        loadedAt = seenOwn === ownChanges ? startedAt : -Infinity;
        loadedAnnounced = seen;
        onRead?.(records).catch(() => undefined); // offered again on the next read
      } finally {
        loading = undefined;
      }
    })());
  changes?.subscribe((table) => {
    if (table !== "api_keys" && table !== EVERYTHING) return;
    announced++;
    // Re-read now, so the next request finds a fresh copy instead of waiting for one.
    void (loading ?? Promise.resolve()).then(refresh).catch(() => {}); // a failed re-read leaves it stale
  });
  const fresh = (now: number) =>
    (changes?.live === true && loadedAnnounced === announced) || now - loadedAt <= maxAgeMs;
  const match = (id: string, token: string, digest: string | undefined, now = nowMs()) => {
    const entry = byId.get(id);
    if (!entry || !sameHash(entry.hash, digest ?? digestOf(token))) return undefined;
    return isUsable(entry.record, now) ? entry.record : undefined;
  };
  return {
    find(token, digest) {
      if (!mayBeIssuedKey(token)) return undefined;
      const now = nowMs();
      // A fresh copy: the id names a key or not, and the hash decides; the full shape
      // check guards only the store, against re-reads for tokens that cannot be keys.
      if (fresh(now)) return match(issuedKeyIdPart(token), token, digest, now);
      const id = issuedKeyShapeId(token);
      if (id === undefined || !checksumHolds(token)) return undefined;
      return refresh().then(() => match(id, token, digest));
    },
    // Readiness asks the store itself (at most every maxAgeMs): an instance whose keys
    // cannot be read is not ready, however fresh its copy.
    check: () => (nowMs() - loadedAt <= maxAgeMs ? Promise.resolve() : refresh()),
    changed() {
      ownChanges++;
      announced++;
      loadedAt = -Infinity;
      // After the read under way, if any (begun before the change): one that sees it.
      return (loading ?? Promise.resolve()).catch(() => {}).then(refresh);
    },
  };
}

interface Loaded {
  record: KeyRecord;
  hash: string;
}

function loaded(record: KeyRecord): Loaded {
  return { record, hash: record.hash.toLowerCase() };
}
