import "./zod-without-eval";
import {
  WebhookDeliveries,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpoints,
  WebhookEndpointWithSecret,
  type WebhookEndpointPatch,
} from "@/lib/webhooks/schemas";
import { callV1 } from "./call-v1";

/*
 * The console's calls to /v1/webhooks. Plain fetch rather than the typed v1Client: the
 * webhook operations are experimental and not yet in the generated types. Answers are
 * checked against the same zod schemas the server answers from.
 */

const call = async (apiKey: string, method: string, path: string, body?: unknown) =>
  (await callV1(apiKey, method, `/v1/webhooks${path}`, body)).json;

export async function listWebhooksWithKey(apiKey: string) {
  return WebhookEndpoints.parse(await call(apiKey, "GET", ""));
}

/** `eventTypes`: the types to deliver, `["*"]` for every type (the caller must be able to read them all). */
export async function createWebhookWithKey(apiKey: string, url: string, description: string, eventTypes: string[]) {
  return WebhookEndpointWithSecret.parse(await call(apiKey, "POST", "", { url, description, eventTypes }));
}

export async function updateWebhookWithKey(apiKey: string, id: string, patch: WebhookEndpointPatch) {
  return WebhookEndpoint.parse(await call(apiKey, "PATCH", `/${encodeURIComponent(id)}`, patch));
}

export async function rotateWebhookSecretWithKey(apiKey: string, id: string) {
  return WebhookEndpointWithSecret.parse(await call(apiKey, "POST", `/${encodeURIComponent(id)}/rotate-secret`, {}));
}

export async function sendWebhookTestWithKey(apiKey: string, id: string) {
  return WebhookDelivery.parse(await call(apiKey, "POST", `/${encodeURIComponent(id)}/test`, {}));
}

export async function listWebhookDeliveriesWithKey(apiKey: string, id: string) {
  return WebhookDeliveries.parse(await call(apiKey, "GET", `/${encodeURIComponent(id)}/deliveries?limit=20`));
}

export async function redeliverWithKey(apiKey: string, id: string, deliveryId: string) {
  return WebhookDelivery.parse(
    await call(apiKey, "POST", `/${encodeURIComponent(id)}/deliveries/${encodeURIComponent(deliveryId)}/redeliver`, {}),
  );
}
