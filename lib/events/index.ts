import "server-only";
import { getPetStore } from "@/lib/composition";
import type { Event } from "./event-types";
import type { LoggedEvent, ReadEventsQuery } from "./event-log";

/*
 * The event log of this process's store, for modules outside lib/store (the feed, webhook
 * delivery). The interface and its promises: lib/events/README.md.
 */
export type { LoggedEvent, ReadEventsQuery, EventLog } from "./event-log";
export { CursorExpiredError } from "./event-log";
export { onEventsAppended, type EventsAppendedListener } from "./appended";
export { actingAs, currentActor, keyActor } from "./actor";
export { newEvent, newEventId } from "./new-events";
export { EVENT_TYPES, EVENT_TYPE_NAMES, EVENT_SCHEMAS, Event, EventActor, EventTypeName } from "./event-types";
export type { EventType } from "./event-types";

export async function readEvents(query: ReadEventsQuery): Promise<LoggedEvent[]> {
  return (await getPetStore()).readEvents(query);
}

export async function latestSequence(): Promise<number> {
  return (await getPetStore()).latestSequence();
}

export async function appendEvents(events: Event[]): Promise<number[]> {
  return (await getPetStore()).appendEvents(events);
}
