import type { LoggedEvent } from "@/lib/events/event-log";
import type { Event, EventActor } from "@/lib/events/event-types";
import { prefixOf } from "./resource";

/*
 * The audit's port on the event log: every store adapter reads its own events newest first
 * with these filters, and finds the state before a change (docs/decisions/187). The audit
 * is the event log read another way, so it lives where the events do and is kept as long.
 */

/** A resource as stores find it: the event-type prefixes its events have, and its id. */
export interface ResourceKey {
  prefixes: readonly string[];
  id: string;
}

export interface AuditQuery {
  /** Only events with a lower sequence (the last one a page showed); absent: from the newest. */
  beforeSequence?: number;
  limit: number;
  actor?: EventActor;
  resource?: ResourceKey;
  /** Only these exact types; absent: every type. */
  types?: readonly string[];
  /** Only events created at or after this instant (ISO 8601, UTC, as events' createdAt). */
  since?: string;
  /** Only events created before this instant. */
  until?: string;
}

/** One resource's event before a sequence: its prefix, its id. */
export interface PreviousAsk {
  prefix: string;
  id: string;
  beforeSequence: number;
}

export interface AuditLog {
  /** Events matching every filter given, by descending sequence, at most `limit`. */
  readAudit(query: AuditQuery): Promise<LoggedEvent[]>;
  /** For each ask, the latest event of that prefix and object id below its sequence (undefined: none kept). */
  readPrevious(asks: readonly PreviousAsk[]): Promise<(LoggedEvent | undefined)[]>;
}

/** Whether an event passes a query's filters (the sequence bound aside): the adapters in memory use this. */
export function matchesAudit(event: Event, { actor, resource, types, since, until }: AuditQuery): boolean {
  if (actor && (event.actor.type !== actor.type || actorId(event.actor) !== actorId(actor))) return false;
  if (types && !types.includes(event.type)) return false;
  if (since !== undefined && event.createdAt < since) return false;
  if (until !== undefined && event.createdAt >= until) return false;
  if (resource) {
    if (!resource.prefixes.includes(prefixOf(event.type))) return false;
    const id = (event.data.object as { id?: unknown }).id;
    if (String(id) !== resource.id) return false;
  }
  return true;
}

export function actorId(actor: EventActor): string | undefined {
  return "id" in actor ? actor.id : undefined;
}
