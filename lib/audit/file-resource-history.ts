import type { LoggedEvent } from "@/lib/events/event-log";
import { prefixOf } from "@/lib/audit/resource";

/**
 * The file store's kept events by resource (event-type prefix and object id), oldest first:
 * the audit's "state before this change" is a binary search here, and a filter by resource
 * reads that resource's events only (docs/decisions/187). Retention drops from the front, in
 * the order events were added, so each drop is its resource's oldest.
 */
export class ResourceHistory {
  private readonly byKey = new Map<string, LoggedEvent[]>();

  add(logged: LoggedEvent): void {
    const key = keyOf(logged);
    if (key === undefined) return;
    const events = this.byKey.get(key);
    if (events) events.push(logged);
    else this.byKey.set(key, [logged]);
  }

  /** Forgets a pruned event: its resource's oldest. */
  drop(logged: LoggedEvent): void {
    const key = keyOf(logged);
    const events = key === undefined ? undefined : this.byKey.get(key);
    if (events?.[0] !== logged) return;
    events.shift();
    if (events.length === 0) this.byKey.delete(key as string);
  }

  /** Every kept event of `prefix` and `id`, oldest first (the map's own array: read only). */
  of(prefix: string, id: string): readonly LoggedEvent[] {
    return this.byKey.get(`${prefix}:${id}`) ?? [];
  }

  /** The latest kept event of `prefix` and `id` below `sequence`. */
  before(prefix: string, id: string, sequence: number): LoggedEvent | undefined {
    const events = this.of(prefix, id);
    let low = 0;
    let high = events.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((events[middle] as LoggedEvent).sequence < sequence) low = middle + 1;
      else high = middle;
    }
    return events[low - 1];
  }
}

function keyOf({ event }: LoggedEvent): string | undefined {
  const id = (event.data.object as { id?: unknown } | undefined)?.id;
  if (typeof id !== "string" && typeof id !== "number") return undefined;
  return `${prefixOf(event.type)}:${id}`;
}
