import type { ApplicationChange } from "@/lib/applications/application-store";
import { ApplicationConflictError } from "@/lib/applications/application-store";
import type { EventActor } from "@/lib/events/event-types";
import { APPLICATION_TRANSITIONS, type ApplicationRecord, type ApplicationState } from "./schemas";

/*
 * The rules of an application's life, as the changes the stores apply (pure: the store runs
 * them on the record as stored, under its lock). Approving places the order that holds the
 * animal; declining or withdrawing an approved application cancels that order.
 */

const DECIDED: ReadonlySet<ApplicationState> = new Set(["approved", "declined", "withdrawn"]);

/** Moves the application to `to`; `reason` is required to decline (and kept only with the personal data). */
export function moveTo(to: ApplicationState, now: string, reason?: string): ApplicationChange {
  return (current) => {
    if (current.state === to) return undefined; // asked twice: already so, nothing to write
    if (!APPLICATION_TRANSITIONS[current.state].includes(to)) {
      throw new ApplicationConflictError(
        current.state,
        `the application is ${words(current.state)}; it cannot be ${words(to)}`,
      );
    }
    if (to === "declined" && !reason?.trim()) {
      throw new ApplicationConflictError(current.state, "declining needs a reason");
    }
    const record: ApplicationRecord = {
      ...current,
      state: to,
      updatedAt: now,
      ...(DECIDED.has(to) ? { decidedAt: now } : {}),
      ...(to === "declined" && current.personal
        ? { personal: { ...current.personal, declineReason: reason?.trim() } }
        : {}),
    };
    const order = to === "approved" ? "place" : current.state === "approved" ? "cancel" : undefined;
    return {
      record,
      ...(order ? { order } : {}),
      event: { type: "application.state_changed", from: current.state, to },
    };
  };
}

export function addNote(text: string, by: EventActor, now: string): ApplicationChange {
  return (current) => {
    if (!current.personal)
      throw new ApplicationConflictError(current.state, "the application's personal data has been erased");
    const note = { text: text.trim(), at: now, by };
    return {
      record: {
        ...current,
        updatedAt: now,
        personal: { ...current.personal, notes: [...current.personal.notes, note] },
      },
      event: { type: "application.note_added" },
    };
  };
}

/** An adopter withdrawing through their status link: only while it is still open. */
export function withdrawByAdopter(now: string): ApplicationChange {
  return moveTo("withdrawn", now);
}

function words(state: ApplicationState): string {
  return state === "in_review" ? "in review" : state;
}
