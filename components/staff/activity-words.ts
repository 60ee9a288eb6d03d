import { EVENT_TYPES, type EventActor } from "@/lib/events/event-types";
import type { AuditChange, AuditEntry, AuditResource } from "@/lib/audit/schemas";
import { formatTime } from "@/lib/dates/format-time";
import type { OrderStatus } from "@/lib/orders/schemas";
import { ORDER_STATUS_WORDS } from "./order-words";

/*
 * The Activity view's entries in plain words: who, what, from what to what. Each kind of
 * resource and change is read generically (its type's prefix, the registry's summary), so a
 * type added later reads sensibly with nothing added here.
 */

/** The words for a kind of resource, for the few kinds the console knows; others show as they are. */
export const RESOURCE_WORDS: Readonly<Record<string, { one: string; many: string }>> = {
  pet: { one: "Animal", many: "Animals" },
  order: { one: "Order", many: "Orders" },
  category: { one: "Category", many: "Categories" },
  key: { one: "API key", many: "API keys" },
  webhook_endpoint: { one: "Webhook endpoint", many: "Webhook endpoints" },
  person: { one: "Person", many: "People" },
  session: { one: "Sign-in", many: "Sign-ins" },
  application: { one: "Application", many: "Applications" },
};

/**
 * An adoption application's events in a few words: its entries have no name (the adopter's
 * is personal data, never in an event) and their fields say less than what happened.
 */
const APPLICATION_WORDS: Readonly<Record<string, string>> = {
  "application.submitted": "received",
  "application.review_started": "review started",
  "application.approved": "approved; its order holds the animal",
  "application.declined": "declined",
  "application.withdrawn": "withdrawn; any order it held is cancelled",
  "application.note_added": "a note was added",
  "application.erased": "its personal data was erased",
};

/**
 * Who made a change, in words. The one place an actor becomes a label: a person by the name
 * the record gives (`actorName`, their account's name now), else, like a key, by their public id.
 */
export function actorLabel(actor: EventActor, name?: string): string {
  switch (actor.type) {
    case "api_key":
      return `API key ${actor.id}`;
    case "person":
      return name ?? `person ${actor.id}`;
    case "operator":
      return "the keys command on the server";
    case "system":
      return "the server itself";
  }
}

/** An actor as the `actor` filter writes it: `api_key:<id>`, `person:<id>`, `operator`, `system`. */
export function actorFilterOf(actor: EventActor): string {
  return "id" in actor ? `${actor.type}:${actor.id}` : actor.type;
}

/** What a change was made to: its name when it has one, else its kind and id (`Order 7`). */
export function resourceLabel(resource: AuditResource | undefined): string {
  if (!resource) return "Something";
  return resource.name ?? `${RESOURCE_WORDS[resource.type]?.one ?? resource.type} ${resource.id}`;
}

const MAX_VALUE_LENGTH = 80;

// An RFC 3339 time as the API writes it: read as the console writes every date.
const MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

/** A value as a person reads it: lists joined, nothing as "none", times as dates, long text cut. */
export function valueWords(value: unknown): string {
  let text: string;
  if (value === undefined || value === null || value === "") text = "none";
  else if (typeof value === "string" && MOMENT.test(value)) text = formatTime(value);
  else if (Array.isArray(value)) text = value.length === 0 ? "none" : value.map(valueWords).join(", ");
  else if (typeof value === "boolean") text = value ? "yes" : "no";
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** A field as a person reads it: `secretRotatedAt` → "secret rotated", `categoryId` → "category id". */
export function fieldWords(field: string): string {
  return field
    .replace(/(?<=[a-z])At$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
}

/** An order's status as the console names it (./order-words.ts), other values as they are. */
const orderValue = (field: string, value: unknown) =>
  field === "status" && typeof value === "string" && value in ORDER_STATUS_WORDS
    ? ORDER_STATUS_WORDS[value as OrderStatus].toLowerCase()
    : value;

/** `status available → pending`; a value set for the first time: `name Rex`; removed: `note removed (was x)`. */
export function changeWords({ field, from, to }: AuditChange, kind?: string): string {
  const words = fieldWords(field);
  const [before, after] = kind === "order" ? [orderValue(field, from), orderValue(field, to)] : [from, to];
  if (before === undefined) return `${words} ${valueWords(after)}`;
  if (after === undefined) return `${words} removed (was ${valueWords(before)})`;
  return `${words} ${valueWords(before)} → ${valueWords(after)}`;
}

/** What the change did, e.g. "A pet's status changed…", for any type; a type this build does not know shows as it is. */
export function kindOfChange(type: string): string {
  return (EVENT_TYPES as Record<string, { summary: string } | undefined>)[type]?.summary ?? type;
}

/**
 * The entry's one line: `Rex: status available → pending`. A creation (or a change whose
 * earlier state is no longer kept) says what happened instead of listing every field.
 */
export function entryHeadline(entry: AuditEntry): string {
  const label = resourceLabel(entry.resource);
  const words = APPLICATION_WORDS[entry.type];
  if (words) return `${label}: ${words}`;
  // Fields named without values (a person's e-mail or name: decision 210).
  const named = entry.changes.filter((change) => !("from" in change) && !("to" in change));
  if (named.length > 0 && named.length === entry.changes.length)
    return `${label}: ${named.map((change) => fieldWords(change.field)).join(", ")} changed`;
  const changed = entry.changes.filter((change) => change.from !== undefined);
  if (changed.length === 0) return `${label}: ${kindOfChange(entry.type)}`;
  return `${label}: ${entry.changes.map((change) => changeWords(change, entry.resource?.type)).join("; ")}`;
}
