import { globalSlot } from "@/lib/ops/global-slot";

/*
 * In-process news that the event log grew: the store adapters announce after each durable
 * append (a file-store batch, a committed PostgreSQL transaction), and on PostgreSQL also when
 * another instance's NOTIFY arrives (lib/events/postgres-event-notify.ts). A listener learns
 * only the newest sequence; it reads what it has not seen with readEvents. Announcements may
 * repeat or come out of order: a listener keeps its own high-water mark.
 */
export type EventsAppendedListener = (latestSequence: number) => void;

const listeners = globalSlot("eventsAppendedListeners", () => new Set<EventsAppendedListener>());

/** Calls `listener` after each append; returns the function that stops it. */
export function onEventsAppended(listener: EventsAppendedListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** For the store adapters: the log now holds events up to `latestSequence`. */
export function announceEventsAppended(latestSequence: number): void {
  for (const listener of listeners) {
    try {
      listener(latestSequence);
    } catch {
      // A listener's failure is its own; the write it follows is durable already.
    }
  }
}
