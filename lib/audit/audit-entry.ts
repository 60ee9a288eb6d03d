import type { Event } from "@/lib/events/event-types";
import { changesBetween, type FieldChange } from "./changes";
import { objectOf, resourceOf } from "./resource";
import type { AuditEntry } from "./schemas";

type AnyEvent = Pick<Event, "id" | "type" | "createdAt" | "actor"> & { data: unknown };

/**
 * An event as the audit shows it: who, when, what, and what changed against `previous`, the
 * event before it about the same resource (none: a creation, or its history was pruned).
 * An event that names `from` and `to` beside its object (`pet.status_changed`) says what its
 * status was, which holds even when the log keeps nothing earlier, and even when the event
 * before it is from the same write (a patch of a pet's name and status records both types,
 * each with the pet after it). An event that names `changes` beside its object
 * (`person.updated`: an e-mail, a name, a password) lists those fields without values, which
 * no event carries (docs/decisions/210).
 */
export function auditEntryOf(event: AnyEvent, previous?: AnyEvent): AuditEntry {
  const object = objectOf(event) ?? {};
  const resource = resourceOf(event);
  const name = object.name;
  return {
    id: event.id,
    type: event.type,
    time: event.createdAt,
    actor: event.actor,
    ...(resource ? { resource: { ...resource, ...(typeof name === "string" ? { name } : {}) } } : {}),
    changes: withNamedFields(
      event,
      withNamedStatus(event, previous ? changesBetween(objectOf(previous), object) : undefined, object),
    ),
  };
}

function withNamedFields(event: AnyEvent, diff: FieldChange[]): FieldChange[] {
  const { changes } = (event.data ?? {}) as { changes?: unknown };
  if (!Array.isArray(changes)) return diff;
  const named = changes.filter((field): field is string => typeof field === "string");
  return [...diff.filter((change) => !named.includes(change.field)), ...named.map((field) => ({ field }))];
}

function withNamedStatus(event: AnyEvent, diff: FieldChange[] | undefined, object: Record<string, unknown>) {
  const { from, to } = (event.data ?? {}) as { from?: unknown; to?: unknown };
  if (from === undefined || to === undefined) return diff ?? changesBetween(undefined, object);
  const status: FieldChange = { field: "status", from, to };
  return [...(diff ?? []).filter((change) => change.field !== "status"), status];
}
