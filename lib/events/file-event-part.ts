import type { LoggedEvent } from "@/lib/events/event-log";
import type { Event, EventActor } from "@/lib/events/event-types";
import { announceEventsAppended } from "@/lib/events/appended";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { parseLine } from "@/lib/store/file/line-codec";
import { EventBook } from "./file-event-book";
import { decodeEvent, encodeEventLine } from "./file-event-line";

/** Every op may say who asked for it: its events say so (docs/decisions/160). */
export interface ActorOp extends Op {
  actor?: EventActor;
}

/** Appends events alone (key events, other modules' changes: lib/events/event-log.ts appendEvents), skipping ids already kept. */
export interface AppendEventsOp extends ActorOp {
  kind: "events";
  events: Event[];
}

export interface EventsState {
  book: EventBook;
  /** The next sequence given; a refused op burns none, a failed batch burns its own. */
  nextSequence: number;
}

const eventLine = lineKind<EventsState, LoggedEvent>({
  noun: "event records",
  prefix: '{"event":',
  since: 6,
  decode: (buf, start, _bodyEnd, end) => decodeEvent(parseLine(buf, start, end)),
  fold: ({ book }, logged) => book.add(logged),
});

/**
 * The event log as a part of the file engine: each op's events are written in its batch, after
 * its own lines and its answer, so the commit record that makes a change durable makes its
 * events durable too. Other parts emit into the op being decided (EventsPlan.emit).
 */
export const eventsPart: Part<EventsState, EventsPlan> = {
  name: "events",
  createState: () => ({ book: new EventBook(), nextSequence: 1 }),
  lines: [eventLine],
  snapshot: {
    field: "events",
    since: 4,
    kind: eventLine,
    // The highest sequence ever given, and how far retention pruned.
    counters: ["eventSequence", "eventsPrunedThrough"],
    readCounters: ({ book }, { eventSequence = 0, eventsPrunedThrough = 0 }) => {
      book.lastSequence = eventSequence;
      book.prunedThrough = eventsPrunedThrough;
    },
    take: ({ book }) => {
      const events = book.all();
      return {
        count: events.length,
        line: (i) => encodeEventLine(events[i] as LoggedEvent),
        counters: { eventSequence: book.lastSequence, eventsPrunedThrough: book.prunedThrough },
      };
    },
  },
  opened: (state) => void (state.nextSequence = state.book.lastSequence + 1),
  ops: ["events"],
  plan: (state, batch) => new EventsPlan(state, batch),
};

export class EventsPlan implements PartPlan {
  /** The events of the op being decided, numbered and written once it is sure to be written. */
  private pending: Event[] = [];
  /** Ids written by this batch's earlier ops. */
  private readonly written = new Set<string>();
  private readonly announced: number;

  constructor(
    private readonly state: EventsState,
    private readonly batch: UnitOfWork,
  ) {
    this.announced = state.book.lastSequence;
  }

  start(): void {
    this.pending.length = 0;
  }

  /** Records events of the op being decided. */
  emit(...events: Event[]): void {
    this.pending.push(...events);
  }

  /** Where the op's events stand now, to put one before those emitted after it (an approval's before its order's). */
  mark(): number {
    return this.pending.length;
  }

  emitAt(mark: number, event: Event): void {
    this.pending.splice(mark, 0, event);
  }

  decide(op: Op): (string | undefined)[] {
    const { events } = op as AppendEventsOp;
    const fresh = events.filter((event) => !this.state.book.holds(event.id) && !this.written.has(event.id));
    this.pending.push(...fresh);
    return events.map((event) => (fresh.includes(event) ? event.id : undefined));
  }

  /** Numbers the op's events and writes them; an `events` op is answered with their sequences (-1: kept already). */
  finish(op: Op, value: unknown): unknown {
    const first = this.state.nextSequence;
    for (const event of this.pending) {
      const entry = { sequence: this.state.nextSequence++, event };
      this.batch.write(encodeEventLine(entry), () => this.state.book.add(entry));
      this.written.add(event.id);
      this.batch.remember(() => this.written.delete(event.id));
    }
    this.pending.length = 0;
    if (op.kind !== "events") return value;
    let next = first;
    return (value as (string | undefined)[]).map((id) => (id === undefined ? -1 : next++));
  }

  applied(): void {
    if (this.state.book.lastSequence > this.announced) announceEventsAppended(this.state.book.lastSequence);
  }
}
