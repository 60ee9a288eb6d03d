import type { LoggedEvent } from "@/lib/events/event-log";
import type { Event } from "@/lib/events/event-types";
import { asciiBytes, bytesAt, encodeLine } from "@/lib/store/file/line-codec";

/*
 * The journal's event records (format version 6), in the batch of the change they describe,
 * so the commit record that makes the change durable makes its event durable too
 * (docs/decisions/160):
 *
 *   {"event":12,"id":"evt_…","type":"pet.created","createdAt":"…","actor":{…},"data":{…},"crc32":"…"}
 *
 * `event` is the sequence. The snapshot (version 4) carries the events retention still keeps.
 * Events are built by lib/events/new-events.ts from already-checked resources, so the
 * reader checks only what it relies on (the sequence, an id, a type) and keeps the rest as
 * written: a full schema parse per event would slow every open.
 */
const EVENT = asciiBytes('{"event":');

export function encodeEventLine({ sequence, event }: LoggedEvent): string {
  return encodeLine({ event: sequence, ...event });
}

export const isEventLine = (buf: Buffer, start: number) => bytesAt(buf, start, EVENT);

/** The event a parsed event line holds; throws when it is not one. */
export function decodeEvent(fields: Record<string, unknown>): LoggedEvent {
  const { event: sequence, ...event } = fields;
  delete event.crc32;
  if (!Number.isSafeInteger(sequence) || (sequence as number) < 1) throw new Error("not a valid event sequence");
  if (typeof event.id !== "string" || typeof event.type !== "string" || typeof event.createdAt !== "string") {
    throw new Error("not a valid event record");
  }
  return { sequence: sequence as number, event: event as unknown as Event };
}
