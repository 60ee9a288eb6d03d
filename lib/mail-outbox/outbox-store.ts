/**
 * One message waiting to be sent (docs/decisions/207). It holds no address and no text: its
 * kind's renderer makes the message from the record it is `about` when it is sent, so the
 * outbox keeps no personal data, and a message about a record that is gone (never stored,
 * erased) is dropped instead of sent.
 */
export interface OutboxEntry {
  id: string;
  /** Which renderer makes the message (lib/applications/application-mail.ts names them). */
  kind: string;
  /** What the message is about, as its kind's renderer finds it (an application: its status-token digest). */
  about: string;
  createdAt: string;
  /** Attempts made so far. */
  attempts: number;
  /** When it is next due; absent once given up. */
  nextAttemptAt?: string;
  /** The last failure in words of ours (never the mail server's own text, which may quote an address). */
  lastError?: string;
  /** When the retries were spent or the failure was final; kept a while so staff see it. */
  givenUpAt?: string;
}

/** A failed attempt, recorded on its claimed entry. */
export interface OutboxFailure {
  id: string;
  attempts: number;
  lastError: string;
  /** The next try; absent when the entry is given up. */
  nextAttemptAt?: string;
  givenUpAt?: string;
}

/**
 * The port the mail outbox lives behind. Adapters: an append-only file in the file store's
 * data directory (./file-outbox-store.ts) and a table beside the pets
 * (./postgres-outbox-store.ts); both pass ./outbox-store.contract.ts. Every change is durable
 * when its promise resolves.
 */
export interface OutboxStore {
  add(entries: readonly OutboxEntry[]): Promise<void>;
  /** Makes held entries due at `at` (the record they are about is now stored). */
  release(ids: readonly string[], at: string): Promise<void>;
  /**
   * Claims up to `limit` entries due at `now` for `leaseMs`: no other claim (in this process
   * or, on PostgreSQL, any instance) takes them until the lease ends or an outcome is
   * recorded. After a crash the lease runs out and the entry is sent again (at least once).
   */
  claimDue(now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]>;
  /** Removes entries (sent, or about nothing any more), ending their claims. */
  remove(ids: readonly string[]): Promise<void>;
  /** Records a failed attempt, ending its claim. */
  recordFailure(failure: OutboxFailure): Promise<void>;
  /** The entries about any of `abouts`, oldest first: what staff see of mail that is failing. */
  listAbout(abouts: readonly string[]): Promise<OutboxEntry[]>;
  /** Removes entries given up before `before`; resolves how many. */
  removeGivenUpBefore(before: string): Promise<number>;
  close(): Promise<void>;
}
