import "server-only";
import type { Event, EventActor } from "@/lib/events/event-types";
import type { PasskeySummary } from "@/lib/people/people-event-objects";
import { newEvent } from "@/lib/events/new-events";
import type { PasskeyRecord } from "./passkey";

/* The events a change to passkeys records: ids, kinds and times, never a name or a key. */

export function passkeySummary(record: PasskeyRecord): PasskeySummary {
  return {
    id: record.id,
    personId: record.personId,
    deviceType: record.deviceType,
    backedUp: record.backedUp,
    createdAt: record.createdAt,
  };
}

/** The person adding a passkey is the actor: only they can, signed in. */
export function passkeyAdded(record: PasskeyRecord): Event {
  return newEvent("passkey.added", { object: passkeySummary(record) }, record.createdAt, {
    type: "person",
    id: record.personId,
  });
}

/** `actor` unset: whoever the current request or command acts as (lib/events/actor.ts). */
export function passkeyRemoved(record: PasskeyRecord, at: string, actor?: EventActor): Event {
  return newEvent("passkey.removed", { object: passkeySummary(record) }, at, actor);
}
