import type { Scope } from "./scopes";

/** An issued key as stored: never its secret, only the SHA-256 of the whole key. */
export interface KeyRecord {
  /** The public part of the key (12 hex), unique. */
  id: string;
  name: string;
  scopes: Scope[];
  hash: string;
  createdAt: string;
  /** ISO time after which the key is refused; absent: never expires. */
  expiresAt?: string;
  /** ISO time the key was revoked; absent: not revoked. */
  revokedAt?: string;
}

/**
 * The port the issued keys live behind. Adapters: a small JSON file in the data directory
 * (lib/keys/file-key-store.ts) and the api_keys table (lib/keys/postgres-key-store.ts); both
 * pass lib/keys/key-store.contract.ts.
 */
export interface KeyStore {
  /** Adds a key; its id must be new. Durable when this resolves. */
  add(record: KeyRecord): Promise<void>;
  /** Every key, revoked and expired ones included, oldest first. */
  list(): Promise<KeyRecord[]>;
  /** Marks the key revoked at `at`. False when no key has this id or it was already revoked. */
  revoke(id: string, at: Date): Promise<boolean>;
  close(): Promise<void>;
}

/** True when the key may be used at `now`. */
export function isUsable(record: KeyRecord, now: number): boolean {
  if (record.revokedAt) return false;
  return record.expiresAt === undefined || Date.parse(record.expiresAt) > now;
}
