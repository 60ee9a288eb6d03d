import "server-only";
import type { EventActor, Event } from "@/lib/events/event-types";
import { newEvent } from "@/lib/events/new-events";
import { staySummary, type Stay } from "./stay-schemas";
import type { CorrectionNote } from "./stay-corrections";
import { eventFields } from "./stay-history";

/*
 * What a stay's change records, built where the store decides it (the file part's plan, the
 * PostgreSQL adapter's transaction) and written in the same durable step. The summary drops
 * every `personal` part: an event never names who brought or took the animal. A correction's
 * event names the fields changed, never their values nor its reason (kept with the stay's
 * history: ./stay-history.ts).
 */

export function stayOpened(stay: Stay, at: string, actor?: EventActor): Event {
  return newEvent("stay.opened", { object: staySummary(stay) }, at, actor);
}

export function stayClosed(stay: Stay, at: string, actor?: EventActor): Event {
  return newEvent("stay.closed", { object: staySummary(stay) }, at, actor);
}

export function stayCorrected(stay: Stay, note: CorrectionNote, at: string, actor?: EventActor): Event {
  const data = { object: staySummary(stay), part: note.part, fields: eventFields(note.fields) };
  return newEvent("stay.corrected", data, at, actor);
}

/** An outcome withdrawn: the stay is open again. */
export function stayReopened(stay: Stay, at: string, actor?: EventActor): Event {
  return newEvent("stay.reopened", { object: staySummary(stay) }, at, actor);
}

export function stayPlaced(stay: Stay, placementId: number, at: string, actor?: EventActor): Event {
  return newEvent("stay.placed", { object: staySummary(stay), placementId }, at, actor);
}

export function stayPlacementChanged(
  stay: Stay,
  placementId: number,
  fields: readonly string[],
  at: string,
  actor?: EventActor,
): Event {
  const data = { object: staySummary(stay), placementId, fields: eventFields(fields) };
  return newEvent("stay.placement_changed", data, at, actor);
}

/** Retention erased the stay's personal parts. */
export function stayErased(stay: Stay, at: string, actor?: EventActor): Event {
  return newEvent("stay.erased", { object: staySummary(stay) }, at, actor);
}
