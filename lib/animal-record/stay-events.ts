import "server-only";
import type { EventActor, Event } from "@/lib/events/event-types";
import { newEvent } from "@/lib/events/new-events";
import { staySummary, type Stay } from "./stay-schemas";

/*
 * What a stay's change records, built where the store decides it (the file part's plan, the
 * PostgreSQL adapter's transaction) and written in the same durable step. The summary drops
 * every `personal` part: an event never names who brought or took the animal.
 */

export function stayOpened(stay: Stay, at: string, actor?: EventActor): Event {
  return newEvent("stay.opened", { object: staySummary(stay) }, at, actor);
}

export function stayClosed(stay: Stay, at: string, actor?: EventActor): Event {
  return newEvent("stay.closed", { object: staySummary(stay) }, at, actor);
}
