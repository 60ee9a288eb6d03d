import "server-only";
import { currentActor } from "@/lib/events/actor";
import { webhookEndpointChanged, type WebhookEndpointEventType } from "@/lib/events/new-events";
import { assertReadable } from "@/lib/events/visibility";
import type { Scope } from "@/lib/keys/scopes";
import { getPetStore } from "@/lib/composition";
import { newEndpointId, newDeliveryId, newPingId } from "./ids";
import { PING_TYPE } from "./attempt-outcome";
import type { NewWebhookEndpoint, WebhookDelivery, WebhookEndpoint, WebhookEndpointPatch } from "./schemas";
import { newSigningSecret } from "./secret";
import { getWebhookStore } from "./webhook-service";
import type { DeliveryRecord, EndpointAudit, EndpointChange, EndpointRecord } from "./webhook-store";

/*
 * The rules of webhook endpoints; app/v1/webhooks and the console call these. An endpoint
 * receives the events appended after it was created (or last enabled): its cursor starts
 * at the log's latest sequence.
 */

/** An endpoint as answers show it: never its secrets or cursor. */
export function publicEndpoint(record: EndpointRecord): WebhookEndpoint {
  const endpoint: WebhookEndpoint = {
    id: record.id,
    url: record.url,
    eventTypes: record.eventTypes,
    enabled: record.enabled,
    description: record.description,
    health: record.health,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
  if (record.healthReason) endpoint.healthReason = record.healthReason;
  if (record.secretRotatedAt) endpoint.secretRotatedAt = record.secretRotatedAt;
  if (record.previousSecretExpiresAt && Date.parse(record.previousSecretExpiresAt) > Date.now()) {
    endpoint.previousSecretExpiresAt = record.previousSecretExpiresAt;
  }
  return endpoint;
}

/**
 * The event an operator's change records (docs/decisions/169): the endpoint's public form,
 * never a secret; the actor is the caller, read now, before the store takes the write.
 */
function audit(type: WebhookEndpointEventType): EndpointAudit {
  const actor = currentActor();
  const at = new Date().toISOString();
  return (record) => webhookEndpointChanged(type, publicEndpoint(record), at, actor);
}

export function publicDelivery(record: DeliveryRecord): WebhookDelivery {
  const delivery: WebhookDelivery = {
    id: record.id,
    webhookId: record.webhookId,
    eventId: record.eventId,
    eventType: record.eventType,
    status: record.status,
    createdAt: record.createdAt,
    attempts: record.attempts,
  };
  if (record.status === "pending" && record.nextAttemptAt) delivery.nextAttemptAt = record.nextAttemptAt;
  return delivery;
}

/**
 * Registers an endpoint; its secret is in this answer only. Durable when it resolves. Its
 * types must be ones the caller may read (`*`: all of them; docs/decisions/209).
 */
export async function createEndpoint(
  input: NewWebhookEndpoint,
  scopes: readonly Scope[],
): Promise<WebhookEndpoint & { secret: string }> {
  assertReadable(scopes, input.eventTypes);
  const store = await getWebhookStore();
  const now = new Date().toISOString();
  const record: EndpointRecord = {
    id: newEndpointId(),
    url: input.url,
    eventTypes: input.eventTypes,
    enabled: input.enabled,
    description: input.description,
    health: input.enabled ? "healthy" : "disabled",
    ...(input.enabled ? {} : { healthReason: "Created disabled." }),
    secret: newSigningSecret(),
    cursor: await (await getPetStore()).latestSequence(),
    createdAt: now,
    updatedAt: now,
  };
  await store.createEndpoint(record, audit("webhook_endpoint.created"));
  return { ...publicEndpoint(record), secret: record.secret };
}

export async function listEndpoints(): Promise<WebhookEndpoint[]> {
  return (await (await getWebhookStore()).listEndpoints()).map(publicEndpoint);
}

export async function getEndpoint(id: string): Promise<WebhookEndpoint | undefined> {
  const record = await (await getWebhookStore()).getEndpoint(id);
  return record && publicEndpoint(record);
}

/**
 * Changes an endpoint. Turning it off makes it `disabled`; turning it on (or saving it while
 * it is enabled but failing) makes it `healthy`, and it receives events from now on: the
 * ones appended while it was off are not sent.
 */
export async function updateEndpoint(
  id: string,
  patch: WebhookEndpointPatch,
  scopes: readonly Scope[],
): Promise<WebhookEndpoint | undefined> {
  if (patch.eventTypes) assertReadable(scopes, patch.eventTypes);
  const store = await getWebhookStore();
  const record = await store.getEndpoint(id);
  if (!record) return undefined;
  const change: EndpointChange & { cursor?: number } = { ...patch };
  const enabled = patch.enabled ?? record.enabled;
  if (!enabled && record.enabled) {
    change.health = "disabled";
    change.healthReason = "Disabled by an operator.";
  } else if (enabled && (!record.enabled || patch.enabled === true)) {
    change.health = "healthy";
    change.healthReason = undefined;
    if (!record.enabled) change.cursor = await (await getPetStore()).latestSequence();
  }
  // Saving what it already holds changes nothing, and records no event.
  const changes = changesAnything(record, change);
  const updated = await store.updateEndpoint(
    id,
    change,
    new Date().toISOString(),
    changes ? audit("webhook_endpoint.updated") : undefined,
  );
  return updated && publicEndpoint(updated);
}

function changesAnything(record: EndpointRecord, change: EndpointChange): boolean {
  return (Object.keys(change) as (keyof EndpointChange)[]).some(
    (name) => JSON.stringify(change[name]) !== JSON.stringify(record[name]),
  );
}

export async function deleteEndpoint(id: string): Promise<boolean> {
  return (await getWebhookStore()).deleteEndpoint(id, audit("webhook_endpoint.deleted"));
}

/**
 * A new signing secret (shown this once); the previous one keeps signing for
 * `overlapSeconds` besides it, so receivers can switch without missing a delivery (docs/decisions/167).
 */
export async function rotateSecret(
  id: string,
  overlapSeconds: number,
): Promise<(WebhookEndpoint & { secret: string }) | undefined> {
  const store = await getWebhookStore();
  const record = await store.getEndpoint(id);
  if (!record) return undefined;
  const now = new Date();
  const secret = newSigningSecret();
  const change: EndpointChange =
    overlapSeconds > 0
      ? {
          secret,
          previousSecret: record.secret,
          previousSecretExpiresAt: new Date(now.getTime() + overlapSeconds * 1000).toISOString(),
          secretRotatedAt: now.toISOString(),
        }
      : { secret, previousSecret: undefined, previousSecretExpiresAt: undefined, secretRotatedAt: now.toISOString() };
  const updated = await store.updateEndpoint(id, change, now.toISOString(), audit("webhook_endpoint.secret_rotated"));
  return updated && { ...publicEndpoint(updated), secret };
}

/** Queues a test ping (one attempt, no retries; its result shows in the deliveries). */
export async function sendTestPing(id: string): Promise<WebhookDelivery | undefined> {
  const store = await getWebhookStore();
  const record = await store.getEndpoint(id);
  if (!record) return undefined;
  const now = new Date().toISOString();
  const webhookId = newPingId();
  const delivery: DeliveryRecord = {
    id: newDeliveryId(),
    endpointId: id,
    webhookId,
    eventId: webhookId,
    eventType: PING_TYPE,
    payload: JSON.stringify({ id: webhookId, type: PING_TYPE, createdAt: now, data: { endpointId: id } }),
    status: "pending",
    createdAt: now,
    nextAttemptAt: now,
    maxAttempts: 1,
    attempts: [],
  };
  await store.addDelivery(delivery);
  return publicDelivery(delivery);
}

/** Most deliveries a page lists. */
export const MAX_DELIVERIES_LISTED = 100;

export async function listDeliveries(id: string, limit: number): Promise<WebhookDelivery[] | undefined> {
  const store = await getWebhookStore();
  if (!(await store.getEndpoint(id))) return undefined;
  return (await store.listDeliveries(id, limit)).map(publicDelivery);
}

/** Sends one delivery again (one more attempt, same webhook-id). */
export async function redeliver(id: string, deliveryId: string): Promise<WebhookDelivery | undefined> {
  const delivery = await (await getWebhookStore()).redeliver(id, deliveryId, new Date().toISOString());
  return delivery && publicDelivery({ ...delivery, status: "pending" });
}
