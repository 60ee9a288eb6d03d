import * as z from "zod";
import { Scope } from "@/lib/keys/scopes";
import { eventReadScopesWith, eventTypesWith } from "@/lib/resources/registries";
import type { EventDeclaration } from "@/lib/resources/define-resource";
import { EventActor } from "./event-actor";

export { EventActor };

/*
 * None of the event schemas built here is registered with a `.meta({ id })`: they reference
 * Pet, Order, Category and the other resources' schemas, which each bundle registers as its
 * own copy, the last one registered winning (lib/pets/schemas.ts). The OpenAPI document
 * converts each on its own instead (lib/api/openapi/event-paths.ts), with Pet and the others as
 * component references.
 *
 * The event registry: every event type, declared once with its payload's shape. The feed's
 * response schema, the OpenAPI `webhooks:` section, the stores' records and (for the webhooks
 * module) the deliveries all read it. A resource declares its types in its own folder
 * (`events` of its defineResource, docs/decisions/160, 282, 315): this module names none of
 * the declared resources, so they can write events without a tie both ways. The types of the
 * resources not declared yet are the older list below.
 */

/** An issued API key as events show it: never its secret or hash. */
export const KeySummary = z
  .object({
    id: z.string().meta({ description: "The key's public id" }),
    name: z.string(),
    scopes: z.array(Scope),
    createdAt: z.iso.datetime(),
    expiresAt: z.iso.datetime().optional(),
    revokedAt: z.iso.datetime().optional(),
  })
  .meta({ description: "An issued API key, without its secret" });
export type KeySummary = z.infer<typeof KeySummary>;

/**
 * A webhook endpoint as events show it: what `GET /v1/webhooks/{id}` answers, never its
 * signing secrets or its place in the log. Written here, not taken from lib/webhooks/schemas,
 * which reads this registry's type names (a module cycle).
 */
export const WebhookEndpointSummary = z
  .object({
    id: z.string(),
    url: z.string(),
    eventTypes: z.array(z.string()),
    enabled: z.boolean(),
    description: z.string(),
    health: z.enum(["healthy", "failing", "disabled"]),
    healthReason: z.string().optional(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    secretRotatedAt: z.iso.datetime().optional(),
    previousSecretExpiresAt: z.iso.datetime().optional(),
  })
  .meta({ description: "A webhook endpoint, without its signing secrets" });
export type WebhookEndpointSummary = z.infer<typeof WebhookEndpointSummary>;

/**
 * The types of the resources not declared yet (docs/decisions/282, 315), each: the resource its
 * `data.object` holds, extra `data` fields, and what it means. Who may read it is its prefix's
 * READ_SCOPES entry, below. A declared resource brings its own (lib/resources/resources.ts);
 * the registry merges this list in place among theirs (lib/resources/registries.ts).
 */
export const OLDER_EVENT_TYPES = {
  "key.created": { object: KeySummary, extra: {}, summary: "An API key was issued" },
  "key.revoked": { object: KeySummary, extra: {}, summary: "An API key was revoked" },
  "webhook_endpoint.created": {
    object: WebhookEndpointSummary,
    extra: {},
    summary: "A webhook endpoint was registered",
  },
  "webhook_endpoint.updated": {
    object: WebhookEndpointSummary,
    extra: {},
    summary: "An operator changed a webhook endpoint (its URL, event types, description, or turned it on or off)",
  },
  "webhook_endpoint.secret_rotated": {
    object: WebhookEndpointSummary,
    extra: {},
    summary: "A webhook endpoint's signing secret was rotated (the event never holds a secret)",
  },
  "webhook_endpoint.deleted": {
    object: WebhookEndpointSummary,
    extra: {},
    summary: "A webhook endpoint was deleted",
  },
} as const satisfies Record<string, EventDeclaration>;

/** Every event type: the older ones and each declared resource's. */
export const EVENT_TYPES = eventTypesWith(OLDER_EVENT_TYPES);
export type EventType = keyof typeof EVENT_TYPES & string;

/** `pet.status_changed` → `pet`: the kind of resource a type is about. */
export type EventPrefix = EventType extends `${infer Prefix}.${string}` ? Prefix : never;

/** Who reads the older resources' events, by prefix (a declared resource says it in its declaration). */
export const OLDER_READ_SCOPES = {
  key: "keys:read",
  webhook_endpoint: "webhooks:read",
} as const;

/**
 * Who may see each kind of event, in the feed, in the audit and when choosing a webhook's
 * types (docs/decisions/209): besides `events:read` (or `audit:read`), the scope that reads the
 * resource itself. Declared once, by prefix, so that a new type of a known resource needs
 * nothing here; a declared resource gives its prefixes theirs in its declaration, and does not
 * compile without one. Categories are public (the adopters' pages show them): `undefined`, no
 * scope beyond the feed's own.
 */
export const READ_SCOPES = eventReadScopesWith(OLDER_READ_SCOPES) satisfies Record<EventPrefix, Scope | undefined>;

const prefixOf = (type: string) => type.slice(0, type.indexOf("."));
const PREFIX_ORDER = Object.keys(READ_SCOPES);

/**
 * Every type's name, grouped by prefix in READ_SCOPES' order (a declared resource may add a
 * type to an older prefix: `category.species_set` follows the categories' own).
 */
export const EVENT_TYPE_NAMES = (Object.keys(EVENT_TYPES) as EventType[]).sort(
  (a, b) => PREFIX_ORDER.indexOf(prefixOf(a)) - PREFIX_ORDER.indexOf(prefixOf(b)),
) as [EventType, ...EventType[]];

/** The scope a reader needs to see events of `type`, besides the feed's or the audit's own. */
export function readScopeOf(type: EventType): Scope | undefined {
  return READ_SCOPES[prefixOf(type) as EventPrefix];
}
export const EventTypeName = z.enum(EVENT_TYPE_NAMES).meta({ description: "An event's type" });

/** `pet.status_changed` → `PetStatusChangedEvent`, the OpenAPI component of each type's schema. */
export function eventSchemaId(type: EventType): string {
  return `${type
    .split(/[._]/)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join("")}Event`;
}

export const EventId = z
  .string()
  .regex(/^evt_[0-9a-f]{24}$/)
  .meta({ description: "Unique; a receiver de-duplicates by it" });

function eventSchema<Type extends EventType>(type: Type) {
  const { object, extra, summary } = EVENT_TYPES[type];
  return z
    .object({
      id: EventId,
      type: z.literal(type),
      createdAt: z.iso.datetime().meta({ description: "When the change was made (RFC 3339, UTC)" }),
      actor: EventActor,
      data: z.object({
        object: object as (typeof EVENT_TYPES)[Type]["object"],
        ...(extra as (typeof EVENT_TYPES)[Type]["extra"]),
      }),
    })
    .meta({
      description: `${summary}. \`data.object\` is the resource as it stood ${type.endsWith(".deleted") ? "when it was deleted" : "after the change"}.`,
    });
}

/** One schema per type, by type. */
export const EVENT_SCHEMAS = Object.fromEntries(EVENT_TYPE_NAMES.map((type) => [type, eventSchema(type)])) as {
  [Type in EventType]: ReturnType<typeof eventSchema<Type>>;
};

/** Any event: the feed's element, a webhook's body. */
export const Event = z
  .discriminatedUnion(
    "type",
    EVENT_TYPE_NAMES.map((type) => EVENT_SCHEMAS[type]) as unknown as [
      (typeof EVENT_SCHEMAS)[EventType],
      ...(typeof EVENT_SCHEMAS)[EventType][],
    ],
  )
  .meta({ description: "Something that changed, as the event feed and webhooks deliver it" });
export type Event = { [Type in EventType]: z.infer<(typeof EVENT_SCHEMAS)[Type]> }[EventType];

export const Events = z.array(Event).meta({ description: "A JSON array of Event, oldest first" });
