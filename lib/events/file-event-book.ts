import { matchesAudit, type AuditQuery, type PreviousAsk } from "@/lib/audit/audit-log";
import { CursorExpiredError, type LoggedEvent, type ReadEventsQuery } from "@/lib/events/event-log";
import { ResourceHistory } from "@/lib/audit/file-resource-history";

/**
 * The file store's events in memory, by ascending sequence (they arrive in that order: a
 * batch's events are numbered as it is planned, and batches commit one after another).
 * Retention drops the oldest from the front; `prunedThrough` remembers how far, so a reader
 * whose position was dropped is told (CursorExpiredError) instead of skipping silently.
 */
export class EventBook {
  private events: LoggedEvent[] = [];
  /** Index of the first kept event in `events` (dropping from the front without copying each time). */
  private start = 0;
  /**
   * The id of every kept event. Stores that keep their own record of a change (keys, webhook
   * endpoints, people, sessions, passkeys: docs/decisions/163, 169, 189) offer its events again
   * after a restart; like PostgreSQL's unique id, this records each id once whoever offers it.
   * A list of the types that may come back went stale once (issue 37: every restart re-appended
   * the people's events), so there is none.
   */
  private readonly ids = new Set<string>();
  /** The same events by resource, for the audit (lib/audit/file-resource-history.ts). */
  private readonly history = new ResourceHistory();
  lastSequence = 0;
  prunedThrough = 0;

  add(logged: LoggedEvent): void {
    const last = this.events.at(-1);
    if (last && logged.sequence <= last.sequence) {
      throw new Error(`event ${logged.sequence} arrived after event ${last.sequence}`);
    }
    if (logged.sequence > this.lastSequence) this.lastSequence = logged.sequence;
    // A second copy of an id, which a journal written before issue 37's fix may hold: readers
    // see the first, and the next compaction drops it (its sequence stays used).
    if (this.ids.has(logged.event.id)) return;
    this.events.push(logged);
    this.history.add(logged);
    this.ids.add(logged.event.id);
  }

  /** Whether the log holds `eventId`. */
  holds(eventId: string): boolean {
    return this.ids.has(eventId);
  }

  get size(): number {
    return this.events.length - this.start;
  }

  /** Every kept event (a copy, for the snapshot). */
  all(): LoggedEvent[] {
    return this.events.slice(this.start);
  }

  read({ afterSequence, limit, types, throughSequence = Infinity }: ReadEventsQuery): LoggedEvent[] {
    if (afterSequence < this.prunedThrough) throw new CursorExpiredError(this.prunedThrough);
    const wanted = types && new Set<string>(types);
    const found: LoggedEvent[] = [];
    for (let at = this.firstAfter(afterSequence); at < this.events.length && found.length < limit; at++) {
      const logged = this.events[at] as LoggedEvent;
      if (logged.sequence > throughSequence) break;
      if (!wanted || wanted.has(logged.event.type)) found.push(logged);
    }
    return found;
  }

  /**
   * The audit's page: matching events by descending sequence below `beforeSequence`. A
   * filter by resource reads only that resource's events; any other scans back from the
   * newest, stopping at `limit` matches.
   */
  readAudit(query: AuditQuery): LoggedEvent[] {
    const { beforeSequence = Infinity, limit, resource } = query;
    const found: LoggedEvent[] = [];
    const take = (logged: LoggedEvent) => {
      if (logged.sequence < beforeSequence && matchesAudit(logged.event, query)) found.push(logged);
      return found.length < limit;
    };
    if (resource) {
      const events = resource.prefixes
        .flatMap((prefix) => this.history.of(prefix, resource.id))
        .sort((a, b) => b.sequence - a.sequence);
      for (const logged of events) if (!take(logged)) break;
      return found;
    }
    const below = Number.isFinite(beforeSequence) ? this.firstAfter(beforeSequence - 1) : this.events.length;
    for (let at = below - 1; at >= this.start; at--) if (!take(this.events[at] as LoggedEvent)) break;
    return found;
  }

  /** For each ask, the latest kept event of its resource below its sequence. */
  readPrevious(asks: readonly PreviousAsk[]): (LoggedEvent | undefined)[] {
    return asks.map(({ prefix, id, beforeSequence }) => this.history.before(prefix, id, beforeSequence));
  }

  /** Drops the events created before `beforeIso`; returns how many. */
  prune(beforeIso: string): number {
    let at = this.start;
    while (at < this.events.length && (this.events[at] as LoggedEvent).event.createdAt < beforeIso) {
      const { sequence, event } = this.events[at] as LoggedEvent;
      this.prunedThrough = sequence;
      this.ids.delete(event.id);
      this.history.drop(this.events[at] as LoggedEvent);
      at++;
    }
    const dropped = at - this.start;
    this.start = at;
    // Copy once the dropped front outweighs what is kept.
    if (this.start > 1024 && this.start > this.events.length / 2) {
      this.events = this.events.slice(this.start);
      this.start = 0;
    }
    return dropped;
  }

  /** The index of the first kept event with a sequence above `sequence` (binary search). */
  private firstAfter(sequence: number): number {
    let low = this.start;
    let high = this.events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.events[middle] as LoggedEvent).sequence <= sequence) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
