import "server-only";
import { newEvent } from "@/lib/events/new-events";
import type { Event, EventActor, EventType } from "@/lib/events/event-types";
import type { ApplicationRecord, ApplicationState } from "./schemas";
import { summaryOf } from "./summary";

/*
 * The events an application's changes record, built by the stores where they decide the
 * change (like lib/events/new-events.ts), from the record after it. Each carries the
 * ApplicationSummary only: ids, states and times, never an answer, a note or a digest.
 */

export function applicationSubmitted(record: ApplicationRecord, at: string, actor?: EventActor): Event {
  return newEvent("application.submitted", { object: summaryOf(record) }, at, actor);
}

/** Each state an application reaches has its event type, so a webhook can ask for approvals only. */
const STATE_EVENTS = {
  in_review: "application.review_started",
  approved: "application.approved",
  declined: "application.declined",
  withdrawn: "application.withdrawn",
} as const satisfies Partial<Record<ApplicationState, EventType>>;

export function applicationStateChanged(
  record: ApplicationRecord,
  from: ApplicationState,
  to: ApplicationState,
  at: string,
  actor?: EventActor,
): Event {
  if (to === "submitted") throw new Error("an application is submitted once, by submitApplication");
  return newEvent(STATE_EVENTS[to], { object: summaryOf(record), from }, at, actor);
}

export function applicationNoteAdded(record: ApplicationRecord, at: string, actor?: EventActor): Event {
  return newEvent("application.note_added", { object: summaryOf(record) }, at, actor);
}

export function applicationErased(record: ApplicationRecord, at: string, actor?: EventActor): Event {
  return newEvent("application.erased", { object: summaryOf(record) }, at, actor);
}

/** The event a change returned by an ApplicationChange records. */
export function applicationChanged(
  record: ApplicationRecord,
  event:
    | { type: "application.state_changed"; from: ApplicationState; to: ApplicationState }
    | { type: "application.note_added" },
  at: string,
  actor?: EventActor,
): Event {
  return event.type === "application.note_added"
    ? applicationNoteAdded(record, at, actor)
    : applicationStateChanged(record, event.from, event.to, at, actor);
}

/** The order's adopter for an order an approval placed: the reference, never the adopter's name. */
export const orderAdopterFor = (record: ApplicationRecord) => `Application ${record.reference}`;
