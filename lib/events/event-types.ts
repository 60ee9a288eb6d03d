import * as z from "zod";
import { Category } from "@/lib/categories/schemas";
import { Scope } from "@/lib/keys/scopes";
import { Role } from "@/lib/people/roles";
import { Order } from "@/lib/orders/schemas";
import { Pet, PetStatus } from "@/lib/pets/schemas";
import { ApplicationSummary } from "@/lib/applications/summary";
import { ApplicationState } from "@/lib/applications/states";
import { ChangedFields, StayCorrection, StayEventObject } from "@/lib/animal-record/stay-event-object";
import { PlacementId } from "@/lib/animal-record/foster-schemas";
import {
  CategorySpeciesEventObject,
  HealthFactsEventObject,
  MedicalEntryEventObject,
  TreatmentItemEventObject,
  WeighingEventObject,
} from "@/lib/animal-record/medical-event-object";
import { EventActor } from "./event-actor";

export { EventActor };

/*
 * None of these schemas is registered with a `.meta({ id })`: they reference Pet, Order and
 * Category, which each bundle registers as its own copy, the last one registered winning
 * (lib/pets/schemas.ts). The OpenAPI document converts each on its own instead
 * (lib/api/openapi/event-paths.ts), with Pet and the others as component references.
 *
 * The event registry: every event type, declared once with its payload's shape. The feed's
 * response schema, the OpenAPI `webhooks:` section, the stores' records and (for the webhooks
 * module) the deliveries all read it. A new type is one entry in EVENT_TYPES
 * (docs/decisions/160-event-shape.md).
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
 * A staff account as events show it: its id, role and state, never its e-mail or name (staff
 * e-mails are personal data: events reach webhooks and the feed).
 */
export const PersonSummary = z
  .object({
    id: z.string().meta({ description: "The account's public id" }),
    role: Role,
    active: z.boolean(),
    createdAt: z.iso.datetime(),
    updatedAt: z.iso.datetime(),
    deactivatedAt: z.iso.datetime().optional(),
  })
  .meta({ description: "A staff account, without its e-mail, name or credentials" });
export type PersonSummary = z.infer<typeof PersonSummary>;

const SignInMethod = z
  .enum(["password", "passkey", "invitation"])
  .meta({ description: "How the person proved who they are" });

/** A signed-in session as events show it: never its token. */
export const SessionSummary = z
  .object({
    id: z.string().meta({ description: "The session's public id" }),
    personId: z.string(),
    method: SignInMethod,
    createdAt: z.iso.datetime(),
    endedAt: z.iso.datetime().optional(),
  })
  .meta({ description: "A staff sign-in session, without its token" });
export type SessionSummary = z.infer<typeof SessionSummary>;

/** A refused sign-in: the account when the e-mail named one, never the e-mail or the password tried. */
export const FailedSignIn = z
  .object({
    personId: z.string().optional().meta({ description: "Absent when the e-mail named no account" }),
    method: SignInMethod,
    reason: z.enum(["wrong_password", "unknown_account", "deactivated", "no_password", "limited", "bad_passkey"]),
  })
  .meta({ description: "A sign-in that was refused" });
export type FailedSignIn = z.infer<typeof FailedSignIn>;

/** A passkey as events show it: never its name (a person may name it after themselves) or its key. */
export const PasskeySummary = z
  .object({
    id: z.string().meta({ description: "The passkey's public id" }),
    personId: z.string(),
    deviceType: z
      .enum(["singleDevice", "multiDevice"])
      .meta({ description: "multiDevice: synced between devices (a password manager's passkey)" }),
    backedUp: z.boolean(),
    createdAt: z.iso.datetime(),
  })
  .meta({ description: "A staff account's passkey, without its name or key" });
export type PasskeySummary = z.infer<typeof PasskeySummary>;

const StatusChange = { from: PetStatus, to: PetStatus };

/** The fields of a staff account an update may change, named without their values (personal data). */
export const PersonField = z
  .enum(["email", "name", "password"])
  .meta({ description: "A field of the account that changed; its value is never in an event" });
export type PersonField = z.infer<typeof PersonField>;

/**
 * Each type: the resource its `data.object` holds, extra `data` fields, and what it means.
 * Who may read it is its prefix's READ_SCOPES entry, below.
 */
export const EVENT_TYPES = {
  "pet.created": { object: Pet, extra: {}, summary: "A pet was added" },
  "pet.updated": {
    object: Pet,
    extra: {},
    summary: "A pet's fields other than its status changed",
  },
  "pet.status_changed": {
    object: Pet,
    extra: StatusChange,
    summary: "A pet's status changed (a correction by staff, or an order moving it), `from` and `to`",
  },
  "order.placed": { object: Order, extra: {}, summary: "An order was placed" },
  "order.approved": { object: Order, extra: {}, summary: "An order was approved" },
  "order.delivered": { object: Order, extra: {}, summary: "An order was delivered" },
  "order.cancelled": { object: Order, extra: {}, summary: "An order was cancelled" },
  "order.updated": {
    object: Order,
    extra: {},
    summary: "An order's note changed, its status did not",
  },
  "category.created": { object: Category, extra: {}, summary: "A category was added" },
  "category.renamed": { object: Category, extra: {}, summary: "A category was renamed" },
  "category.species_set": {
    object: CategorySpeciesEventObject,
    extra: {},
    summary: "A category was mapped to the SAC species its animals are counted under",
  },
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
  "person.created": {
    object: PersonSummary,
    extra: {},
    summary: "A staff account was added",
  },
  "person.updated": {
    object: PersonSummary,
    extra: {
      changes: z
        .array(PersonField)
        .optional()
        .meta({ description: "Which fields changed, never their values (absent on events recorded before issue 37)" }),
    },
    summary: "A staff account's name or e-mail changed (the event holds neither), or its password was set",
  },
  "person.role_changed": {
    object: PersonSummary,
    extra: { from: Role, to: Role },
    summary: "A staff account's role changed, `from` and `to`",
  },
  "person.deactivated": {
    object: PersonSummary,
    extra: {},
    summary: "A staff account was deactivated; its sessions ended with it",
  },
  "person.reactivated": {
    object: PersonSummary,
    extra: {},
    summary: "A deactivated staff account was made active again",
  },
  "session.signed_in": {
    object: SessionSummary,
    extra: {},
    summary: "A person signed in to the staff console",
  },
  "session.sign_in_failed": {
    object: FailedSignIn,
    extra: {},
    summary: "A sign-in was refused (the event never holds the e-mail or password tried)",
  },
  "session.signed_out": {
    object: SessionSummary,
    extra: {},
    summary: "A session ended: signed out, signed out everywhere, or ended by deactivation",
  },
  "passkey.added": {
    object: PasskeySummary,
    extra: {},
    summary: "A person added a passkey to their account",
  },
  "passkey.removed": {
    object: PasskeySummary,
    extra: {},
    summary: "A passkey was removed from an account",
  },
  "application.submitted": {
    object: ApplicationSummary,
    extra: {},
    summary: "An adoption application was received (from the adopters' form, or entered by staff)",
  },
  "application.review_started": {
    object: ApplicationSummary,
    extra: { from: ApplicationState },
    summary: "Staff started reviewing an application",
  },
  "application.approved": {
    object: ApplicationSummary,
    extra: { from: ApplicationState },
    summary: "An application was approved: `orderId` is the order that now holds the animal",
  },
  "application.declined": {
    object: ApplicationSummary,
    extra: { from: ApplicationState },
    summary: "An application was declined (the reason is shown to staff only); an order it held is cancelled",
  },
  "application.withdrawn": {
    object: ApplicationSummary,
    extra: { from: ApplicationState },
    summary: "An application was withdrawn, by the adopter or on their behalf; an order it held is cancelled",
  },
  "application.note_added": {
    object: ApplicationSummary,
    extra: {},
    summary: "Staff added a note to an application (the event never holds the note)",
  },
  "application.erased": {
    object: ApplicationSummary,
    extra: {},
    summary: "An application's personal data was erased: by retention after its decision, or on the person's request",
  },
  "stay.opened": {
    object: StayEventObject,
    extra: {},
    summary: "An animal's intake was recorded: its stay began (the event never names who brought it)",
  },
  "stay.closed": {
    object: StayEventObject,
    extra: {},
    summary: "An animal's outcome was recorded: its stay ended (the event never names who took it)",
  },
  "stay.corrected": {
    object: StayEventObject,
    extra: StayCorrection,
    summary:
      "A stay's intake or outcome was corrected: `fields` names what changed (`private` for who brought or took the animal and notes), never the values or the reason",
  },
  "stay.reopened": {
    object: StayEventObject,
    extra: {},
    summary: "A stay's outcome, recorded by mistake, was withdrawn: the animal is in care again",
  },
  "stay.placed": {
    object: StayEventObject,
    extra: { placementId: PlacementId },
    summary: "An animal in care was placed in a foster home (the event never names the carer)",
  },
  "stay.placement_changed": {
    object: StayEventObject,
    extra: { placementId: PlacementId, fields: ChangedFields },
    summary: "A foster placement was ended or corrected: `fields` names what changed, never the values or the reason",
  },
  "stay.erased": {
    object: StayEventObject,
    extra: {},
    summary: "A stay's personal data (who brought or took the animal, the carers, notes) was erased by retention",
  },
  "medical.recorded": {
    object: MedicalEntryEventObject,
    extra: {},
    summary: "A vaccination, test or treatment was recorded (never its notes, lot, result or who gave it)",
  },
  "medical.corrected": {
    object: MedicalEntryEventObject,
    extra: { fields: ChangedFields },
    summary: "A medical entry was corrected: `fields` names them (the reason is kept with the record)",
  },
  "medical.item_added": {
    object: TreatmentItemEventObject,
    extra: {},
    summary: "An item was added to the shelter's medical list",
  },
  "medical.item_changed": {
    object: TreatmentItemEventObject,
    extra: {},
    summary: "An item of the shelter's medical list was renamed or its interval changed",
  },
  "medical.health_changed": {
    object: HealthFactsEventObject,
    extra: { fields: ChangedFields },
    summary: "An animal's spay/neuter or microchip was set or corrected (never the chip's number)",
  },
  "medical.weighed": {
    object: WeighingEventObject,
    extra: {},
    summary: "An animal was weighed (the weight is read from its health facts)",
  },
} as const satisfies Record<string, { object: z.ZodType; extra: z.ZodRawShape; summary: string }>;

export type EventType = keyof typeof EVENT_TYPES;
export const EVENT_TYPE_NAMES = Object.keys(EVENT_TYPES) as [EventType, ...EventType[]];

/** `pet.status_changed` → `pet`: the kind of resource a type is about. */
export type EventPrefix = EventType extends `${infer Prefix}.${string}` ? Prefix : never;

/**
 * Who may see each kind of event, in the feed, in the audit and when choosing a webhook's
 * types (docs/decisions/209): besides `events:read` (or `audit:read`), the scope that reads the
 * resource itself. Declared once, by prefix, so that a new type of a known resource needs
 * nothing here and a new resource does not compile until it is given a line. Categories are
 * public (the adopters' pages show them): `undefined`, no scope beyond the feed's own.
 */
export const READ_SCOPES = {
  pet: "pets:read",
  order: "orders:read",
  category: undefined,
  key: "keys:read",
  webhook_endpoint: "webhooks:read",
  person: "people:read",
  session: "people:read",
  passkey: "people:read",
  application: "applications:read",
  // A stay's events hold no medical detail and no personal data: whoever reads the pets reads them.
  stay: "pets:read",
  // Medical detail has its own scopes (docs/decisions/249).
  medical: "medical:read",
} as const satisfies Record<EventPrefix, Scope | undefined>;

/** The scope a reader needs to see events of `type`, besides the feed's or the audit's own. */
export function readScopeOf(type: EventType): Scope | undefined {
  return READ_SCOPES[type.slice(0, type.indexOf(".")) as EventPrefix];
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
