import "server-only";
import { createHash, randomBytes } from "node:crypto";
import type { KeyRecord } from "@/lib/keys/key-store";
import { currentActor } from "./actor";
import type { Event, EventActor, EventType, KeySummary, WebhookEndpointSummary } from "./event-types";

/*
 * The events each kind of change records, built where the store decides the change (the
 * file store's planBatch, the PostgreSQL adapter's transaction) from the resource as it
 * stands after it. Nothing here writes: the adapter writes the events in the change's own
 * durable step.
 */

type DataOf<Type extends EventType> = Extract<Event, { type: Type }>["data"];
/** The resources as their events hold them (their declarations say which: docs/decisions/282). */
type Pet = DataOf<"pet.created">["object"];
type PetStatus = DataOf<"pet.status_changed">["from"];
type Order = DataOf<"order.placed">["object"];
type Category = DataOf<"category.created">["object"];

/** Random, so ids tell nothing and never collide across instances. */
export function newEventId(): string {
  return `evt_${randomBytes(12).toString("hex")}`;
}

export function newEvent<Type extends EventType>(
  type: Type,
  data: DataOf<Type>,
  at: string,
  actor: EventActor = currentActor(),
  id = newEventId(),
): Extract<Event, { type: Type }> {
  return { id, type, createdAt: at, actor, data } as Extract<Event, { type: Type }>;
}

export function petCreated(pet: Pet, at: string, actor?: EventActor): Event {
  return newEvent("pet.created", { object: pet }, at, actor);
}

/**
 * What a change of a pet records: `pet.status_changed` when its status moved, `pet.updated`
 * when any other field did (both when a patch did both), nothing when nothing changed. Any
 * field a later patch adds (issue 24's profile) counts without a change here.
 */
export function petChanged(before: Pet, after: Pet, at: string, actor?: EventActor): Event[] {
  const events: Event[] = [];
  const fields = new Set([...Object.keys(before), ...Object.keys(after)]);
  fields.delete("status");
  const same = (name: string) =>
    JSON.stringify((before as Record<string, unknown>)[name]) ===
    JSON.stringify((after as Record<string, unknown>)[name]);
  if (![...fields].every(same)) events.push(newEvent("pet.updated", { object: after }, at, actor));
  if (before.status !== after.status) {
    const change = { object: after, from: before.status as PetStatus, to: after.status as PetStatus };
    events.push(newEvent("pet.status_changed", change, at, actor));
  }
  return events;
}

const ORDER_EVENT = {
  placed: "order.placed",
  approved: "order.approved",
  delivered: "order.delivered",
  cancelled: "order.cancelled",
} as const satisfies Record<Order["status"], EventType>;

/**
 * What an order's change records: `order.<status>` when its status moved (placed included),
 * `order.updated` when only its note did, then `pet.status_changed` when the order moved its
 * pet. `pet` is the pet before and after, when the change touched it.
 */
export function orderChanged(
  order: Order,
  statusMoved: boolean,
  pet: { before: Pet; after: Pet } | undefined,
  at: string,
  actor?: EventActor,
): Event[] {
  const type = statusMoved ? ORDER_EVENT[order.status] : "order.updated";
  const events: Event[] = [newEvent(type, { object: order }, at, actor)];
  if (pet) events.push(...petChanged(pet.before, pet.after, at, actor));
  return events;
}

export function categoryCreated(category: Category, at: string, actor?: EventActor): Event {
  return newEvent("category.created", { object: category }, at, actor);
}

export function categoryRenamed(category: Category, at: string, actor?: EventActor): Event {
  return newEvent("category.renamed", { object: category }, at, actor);
}

/** A key without its hash. */
export function keySummary({ id, name, scopes, createdAt, expiresAt, revokedAt }: KeyRecord): KeySummary {
  return { id, name, scopes, createdAt, ...(expiresAt ? { expiresAt } : {}), ...(revokedAt ? { revokedAt } : {}) };
}

/**
 * Key events have ids derived from the key and the change, so recording one twice (the
 * file store's reconciliation, docs/decisions/163) is recognised as the same event.
 */
export function keyEventId(type: "key.created" | "key.revoked", keyId: string): string {
  return `evt_${createHash("sha256").update(`${type}:${keyId}`).digest("hex").slice(0, 24)}`;
}

export function keyCreated(key: KeyRecord, actor?: EventActor): Event {
  const issued = keySummary({ ...key, revokedAt: undefined });
  return newEvent("key.created", { object: issued }, key.createdAt, actor, keyEventId("key.created", key.id));
}

export function keyRevoked(key: KeyRecord, actor?: EventActor): Event {
  const at = key.revokedAt ?? new Date().toISOString();
  return newEvent("key.revoked", { object: keySummary(key) }, at, actor, keyEventId("key.revoked", key.id));
}

export type WebhookEndpointEventType =
  | "webhook_endpoint.created"
  | "webhook_endpoint.updated"
  | "webhook_endpoint.secret_rotated"
  | "webhook_endpoint.deleted";

/** An operator's change to a webhook endpoint; `endpoint` is its public form (never a secret). */
export function webhookEndpointChanged(
  type: WebhookEndpointEventType,
  endpoint: WebhookEndpointSummary,
  at: string,
  actor?: EventActor,
): Event {
  return newEvent(type, { object: endpoint }, at, actor);
}
