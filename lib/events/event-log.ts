import { brandedError } from "@/lib/errors/branded-error";
import type { Event, EventType } from "./event-types";

/*
 * The durable event log, as a port every store adapter implements on the same object as the
 * pets (lib/pets/pet-store.ts): events are written in the same durable step as the change
 * they describe, so the log lives where the changes do. lib/events/README.md describes the
 * interface for other modules (the webhooks' delivery reads it).
 */

/** An event with its place in the log: sequences only grow, with gaps, never reused. */
export interface LoggedEvent {
  sequence: number;
  event: Event;
}

export interface ReadEventsQuery {
  /** Only events after this sequence (0: from the oldest still kept). */
  afterSequence: number;
  limit: number;
  /** Only these types; absent: every type. */
  types?: readonly EventType[];
  /** Only events up to this sequence (what `latestSequence()` said before the read). */
  throughSequence?: number;
}

export interface EventLog {
  /**
   * Events after `afterSequence`, by ascending sequence, at most `limit`. Every event this
   * returns is durable, and no event with a lower sequence can appear later
   * (docs/decisions/162). Throws CursorExpiredError when events after `afterSequence` have
   * been pruned (a reader that far behind lost some: it must not resume silently).
   */
  readEvents(query: ReadEventsQuery): Promise<LoggedEvent[]>;
  /** The highest sequence durable and readable now (0 when none ever was). */
  latestSequence(): Promise<number>;
  /**
   * Appends events in a durable step of their own, for a change that no store write carries
   * (the file store's key events, a module's own change on the file store); resolves with
   * their sequences once durable. A change on PostgreSQL should instead call
   * lib/events/postgres-event-queries.ts `appendEvents(client, events)` inside its own
   * transaction. Events whose id the log already holds are skipped (answered with -1).
   */
  appendEvents(events: Event[]): Promise<number[]>;
  /** Removes events created before `before` (retention); resolves with how many. */
  pruneEvents(before: Date): Promise<number>;
}

/** The reader's position was pruned away: the API answers 410 cursor_expired. */
export class CursorExpiredError extends brandedError(Symbol.for("petstore.CursorExpiredError")) {
  constructor(readonly prunedThrough: number) {
    super(`events up to sequence ${prunedThrough} are no longer kept`);
    this.name = "CursorExpiredError";
  }
}
