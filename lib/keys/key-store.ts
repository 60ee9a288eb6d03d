import type { EventActor } from "@/lib/events/event-types";
import type { KeyIssuer } from "./key-issuer";
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
  /** Who issued it over /v1/keys; absent: `npm run keys` (the operator), as for every older key. */
  createdBy?: EventActor;
  /** Who revoked it over /v1/keys; absent: `npm run keys`, or not revoked. */
  revokedBy?: EventActor;
  /** The person (or the operator) behind the key, kept as long as the key (./key-issuer.ts). */
  issuer: KeyIssuer;
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
  /**
   * Marks the key revoked at `at` by `by` (absent: the operator). False when no key has this
   * id or it was already revoked.
   */
  revoke(id: string, at: Date, by?: EventActor): Promise<boolean>;
  /**
   * Revokes, at `at` by `by`, every usable key person `personId` issued whose scopes `held`
   * (what they hold now) does not grant; resolves the keys it revoked (docs/decisions/203).
   */
  revokeBeyond(personId: string, held: readonly Scope[], at: Date, by?: EventActor): Promise<KeyRecord[]>;
  close(): Promise<void>;
}

type KeyLifetime = Pick<KeyRecord, "expiresAt" | "revokedAt">;

/** True when the key may be used at `now`. */
export function isUsable(record: KeyLifetime, now: number): boolean {
  if (record.revokedAt) return false;
  return record.expiresAt === undefined || Date.parse(record.expiresAt) > now;
}

export type KeyStatus = "active" | "expired" | "revoked";

/** Where the key stands at `now`, as `npm run keys -- list` and the console show it. */
export function statusOf(record: KeyLifetime, now: number): KeyStatus {
  if (record.revokedAt) return "revoked";
  return isUsable(record, now) ? "active" : "expired";
}

/** `npm run keys`: the actor of a key change whose record names none. */
export const OPERATOR: EventActor = Object.freeze({ type: "operator" });

/** Who issued the key, as its `key.created` event names them. */
export function creatorOf(record: KeyRecord): EventActor {
  return record.createdBy ?? OPERATOR;
}

/** Who revoked the key, as its `key.revoked` event names them. */
export function revokerOf(record: KeyRecord): EventActor {
  return record.revokedBy ?? OPERATOR;
}
