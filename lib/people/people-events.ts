import "server-only";
import { newEvent } from "@/lib/events/new-events";
import type { Event, EventActor } from "@/lib/events/event-types";
import type { FailedSignIn, PersonField } from "./people-event-objects";
import { personSummary, sessionSummary, type PersonRecord, type SessionRecord } from "./person";

/*
 * The events a change to people or sessions records; built by the rules (./people.ts,
 * ./sign-in.ts), written by the store in the change's own step. Nothing personal: the
 * summaries hold ids, roles and times, never an e-mail, a name or a credential.
 */

export function personCreated(record: PersonRecord, actor?: EventActor): Event {
  return newEvent("person.created", { object: personSummary(record) }, record.createdAt, actor);
}

/** What a change of a person records: one event per kind of change, nothing when nothing changed. */
export function personChanged(before: PersonRecord, after: PersonRecord, actor?: EventActor): Event[] {
  const at = after.updatedAt;
  const object = personSummary(after);
  const events: Event[] = [];
  // Which fields, never their values: e-mails and names are personal data (docs/decisions/210).
  const changes = (["email", "name", "password"] as const satisfies readonly PersonField[]).filter((field) =>
    field === "password" ? before.passwordHash !== after.passwordHash : before[field] !== after[field],
  );
  if (changes.length > 0) events.push(newEvent("person.updated", { object, changes }, at, actor));
  if (before.role !== after.role)
    events.push(newEvent("person.role_changed", { object, from: before.role, to: after.role }, at, actor));
  if (before.active && !after.active) events.push(newEvent("person.deactivated", { object }, at, actor));
  if (!before.active && after.active) events.push(newEvent("person.reactivated", { object }, at, actor));
  return events;
}

/** The person signing in is the actor of their own sign-in. */
export function signedIn(session: SessionRecord): Event {
  return newEvent("session.signed_in", { object: sessionSummary(session) }, session.createdAt, {
    type: "person",
    id: session.personId,
  });
}

export function signedOut(session: SessionRecord, actor?: EventActor): Event {
  return newEvent("session.signed_out", { object: sessionSummary(session) }, session.endedAt!, actor);
}

export function signInFailed(object: FailedSignIn, at: string): Event {
  return newEvent("session.sign_in_failed", { object }, at, { type: "system" });
}
