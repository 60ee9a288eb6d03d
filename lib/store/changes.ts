/**
 * Changes other processes committed, as a store announces them (on PostgreSQL, LISTEN on
 * the petstore_changes channel: lib/store/postgres/change-feed.ts), so a process may keep
 * copies of what it read until told otherwise. Kept apart from the adapter so a cache
 * (lib/keys/key-cache.ts) depends on the idea and not on the driver.
 */

/** Said to subscribers when announcements may have been missed: forget everything. */
export const EVERYTHING = "*";

export interface ChangeFeed {
  /**
   * True while every change committed up to a moment ago (at most a second: on PostgreSQL
   * CHANGES_TRUSTED_FOR_MS) is known to have been announced: caches may answer from what
   * they kept. While false they must read the database (or poll) instead.
   */
  readonly live: boolean;
  /**
   * `onChange(table, origin)` for each change to `table` in this schema, and
   * `onChange(EVERYTHING)` when the feed is lost and again once it is back (changes in
   * between were not announced). `origin` names the connection that committed the change
   * (on PostgreSQL its backend's process id), so a process can tell its own commits.
   * Returns the unsubscribe.
   */
  subscribe(onChange: (table: string, origin?: number) => void): () => void;
  close(): Promise<void>;
}
