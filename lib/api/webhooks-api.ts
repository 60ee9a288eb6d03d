import "server-only";
import * as z from "zod";
import {
  createEndpoint,
  deleteEndpoint,
  getEndpoint,
  listDeliveries,
  listEndpoints,
  MAX_DELIVERIES_LISTED,
  redeliver,
  rotateSecret,
  sendTestPing,
  updateEndpoint,
} from "@/lib/webhooks/endpoints";
import { NewWebhookEndpoint, SecretRotation, WebhookEndpointPatch } from "@/lib/webhooks/schemas";
import { apiRoute, jsonResponse } from "./api-route";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";
import { parseSearchParams } from "./parse-search-params";

export const WEBHOOKS_PATH = "/v1/webhooks";

type EndpointContext = { params: Promise<{ webhookId: string }> };
type DeliveryContext = { params: Promise<{ webhookId: string; deliveryId: string }> };

const NoQuery = z.strictObject({});
const DeliveriesQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(MAX_DELIVERIES_LISTED).default(50),
});

function notFound(): ApiError {
  return new ApiError(404, "not_found", "No webhook endpoint has this id; list them with GET /v1/webhooks.");
}

function found<Value>(value: Value | undefined): Value {
  if (value === undefined) throw notFound();
  return value;
}

/** listWebhookEndpoints: GET /v1/webhooks — every endpoint, oldest first (no paging: a shelter has a few). */
export const listWebhookEndpoints = apiRoute({ auth: "bearer", scope: "webhooks:read" }, async (request) => {
  parseSearchParams(request.url, NoQuery);
  return jsonResponse(await listEndpoints());
});

/** createWebhookEndpoint: POST /v1/webhooks — 201 with the signing secret, shown this once. */
export const createWebhookEndpoint = apiRoute(
  { auth: "bearer", scope: "webhooks:write" },
  async (request, _context, caller) => {
    const input = await parseBody(request, NewWebhookEndpoint, "webhook endpoint");
    const endpoint = await createEndpoint(input, caller?.scopes ?? []);
    return jsonResponse(endpoint, 201, { Location: `${WEBHOOKS_PATH}/${endpoint.id}` });
  },
);

/** getWebhookEndpoint: GET /v1/webhooks/{webhookId}. */
export const getWebhookEndpoint = apiRoute<EndpointContext>(
  { auth: "bearer", scope: "webhooks:read" },
  async (_request, context) => jsonResponse(found(await getEndpoint((await context.params).webhookId))),
);

/** updateWebhookEndpoint: PATCH /v1/webhooks/{webhookId}. */
export const updateWebhookEndpoint = apiRoute<EndpointContext>(
  { auth: "bearer", scope: "webhooks:write" },
  async (request, context, caller) => {
    const { webhookId } = await context.params;
    const patch = await parseBody(request, WebhookEndpointPatch, "webhook endpoint change");
    return jsonResponse(found(await updateEndpoint(webhookId, patch, caller?.scopes ?? [])));
  },
);

/** deleteWebhookEndpoint: DELETE /v1/webhooks/{webhookId} — 204; its deliveries go with it. */
export const deleteWebhookEndpoint = apiRoute<EndpointContext>(
  { auth: "bearer", scope: "webhooks:write" },
  async (_request, context) => {
    if (!(await deleteEndpoint((await context.params).webhookId))) throw notFound();
    return new Response(null, { status: 204 });
  },
);

/** rotateWebhookSecret: POST /v1/webhooks/{webhookId}/rotate-secret — the new secret, shown this once. */
export const rotateWebhookSecret = apiRoute<EndpointContext>(
  { auth: "bearer", scope: "webhooks:write" },
  async (request, context) => {
    const { webhookId } = await context.params;
    const { overlapSeconds } = await parseBody(request, SecretRotation, "secret rotation");
    return jsonResponse(found(await rotateSecret(webhookId, overlapSeconds)));
  },
);

/** sendWebhookTest: POST /v1/webhooks/{webhookId}/test — 202 with the ping's delivery. */
export const sendWebhookTest = apiRoute<EndpointContext>(
  { auth: "bearer", scope: "webhooks:write" },
  async (_request, context) => jsonResponse(found(await sendTestPing((await context.params).webhookId)), 202),
);

/** listWebhookDeliveries: GET /v1/webhooks/{webhookId}/deliveries?limit= — newest first, every attempt. */
export const listWebhookDeliveries = apiRoute<EndpointContext>(
  { auth: "bearer", scope: "webhooks:read" },
  async (request, context) => {
    const { limit } = parseSearchParams(request.url, DeliveriesQuery);
    return jsonResponse(found(await listDeliveries((await context.params).webhookId, limit)));
  },
);

/** redeliverWebhook: POST /v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver — 202, one more attempt. */
export const redeliverWebhook = apiRoute<DeliveryContext>(
  { auth: "bearer", scope: "webhooks:write" },
  async (_request, context) => {
    const { webhookId, deliveryId } = await context.params;
    const delivery = await redeliver(webhookId, deliveryId);
    if (!delivery) throw new ApiError(404, "not_found", "This endpoint has no delivery with this id.");
    return jsonResponse(delivery, 202);
  },
);
