import { EVENT_TYPE_NAMES } from "@/lib/events/event-types";

/*
 * Which resource an event is about, read off any event the same way so that types added
 * later need nothing here (docs/decisions/187): the kind is the type's prefix (`pet.created`
 * → `pet`, `webhook_endpoint.updated` → `webhook_endpoint`), the id is `data.object.id`.
 * The one exception: a session's events carry the person who signed in or out as their
 * object, so they belong to that person's history.
 */

/** Event-type prefixes whose object is a resource of another kind. */
const KIND_OF_PREFIX: Readonly<Record<string, string>> = { session: "person" };

/** A resource as the audit names it: `pet:42` is `{ type: "pet", id: "42" }`. */
export interface ResourceRef {
  type: string;
  id: string;
}

/** The prefix of an event type: `order.placed` → `order`. */
export function prefixOf(eventType: string): string {
  const dot = eventType.indexOf(".");
  return dot < 0 ? eventType : eventType.slice(0, dot);
}

/** The kind of resource an event type's object is. */
export function resourceKindOf(eventType: string): string {
  const prefix = prefixOf(eventType);
  return KIND_OF_PREFIX[prefix] ?? prefix;
}

/** The event-type prefixes whose objects are resources of `kind` (person: person.* and session.*). */
export function prefixesOf(kind: string): string[] {
  return [kind, ...Object.keys(KIND_OF_PREFIX).filter((prefix) => KIND_OF_PREFIX[prefix] === kind)];
}

/** Every kind the registry's types name, and the kinds the exceptions point at. */
export const RESOURCE_KINDS: readonly string[] = [
  ...new Set([...EVENT_TYPE_NAMES.map(resourceKindOf), ...Object.values(KIND_OF_PREFIX)]),
];

/** The resource an event is about; undefined when its object has no id. */
export function resourceOf(event: { type: string; data: unknown }): ResourceRef | undefined {
  const object = objectOf(event);
  const id = object?.id;
  if (typeof id !== "string" && typeof id !== "number") return undefined;
  return { type: resourceKindOf(event.type), id: String(id) };
}

/** An event's `data.object`, when it has one. */
export function objectOf(event: { data: unknown }): Record<string, unknown> | undefined {
  const data = event.data as { object?: unknown } | undefined;
  const object = data?.object;
  return object && typeof object === "object" && !Array.isArray(object)
    ? (object as Record<string, unknown>)
    : undefined;
}
