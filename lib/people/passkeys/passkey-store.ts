import type { Event } from "@/lib/events/event-types";
import type { PasskeyRecord } from "./passkey";

/** What a sign-in with a passkey changes: its counter, its backup state, when it was last used. */
export interface PasskeyUse {
  counter: number;
  backedUp: boolean;
  at: string;
}

/**
 * The port passkeys live behind, keyed by the person's opaque id. Adapters: a JSON-lines file
 * in the data directory (./file-passkey-store.ts) and the passkeys table
 * (./postgres-passkey-store.ts); both pass ./passkey-store.contract.ts. A change's events are
 * recorded in the same durable step as the change.
 */
export interface PasskeyStore {
  /** Adds a passkey; false, writing nothing, when its id or credential id is already stored. */
  add(record: PasskeyRecord, events: Event[]): Promise<boolean>;
  /** A person's passkeys, oldest first. */
  list(personId: string): Promise<PasskeyRecord[]>;
  findByCredentialId(credentialId: string): Promise<PasskeyRecord | undefined>;
  /**
   * Records a sign-in. False, writing nothing, when the passkey is gone or its counter did not
   * move forward from the stored one (a counter of 0 means the authenticator keeps none): of
   * two instances accepting the same answer at once, one wins.
   */
  recordUse(id: string, use: PasskeyUse): Promise<boolean>;
  /** Removes one of the person's passkeys; undefined when the person has none with this id. */
  remove(personId: string, id: string, events: (removed: PasskeyRecord) => Event[]): Promise<PasskeyRecord | undefined>;
  /** Removes all of a person's passkeys; resolves those removed. */
  removeAll(personId: string, events: (removed: PasskeyRecord[]) => Event[]): Promise<PasskeyRecord[]>;
  /**
   * Uses up a ceremony's challenge (by its hash) until `expiresAt`: true the first time, false
   * after, on every instance, so an answer cannot be replayed (docs/decisions/188).
   */
  useChallenge(hash: string, expiresAt: string, now: string): Promise<boolean>;
  close(): Promise<void>;
}
