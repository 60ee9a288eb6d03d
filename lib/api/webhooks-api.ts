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
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";
import { parseSearchParams } from "./parse-search-params";

export const WEBHOOKS_PATH = "/v1/webhooks";

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
export const listWebhookEndpoints = defineOperation(
  {
    operationId: "listWebhookEndpoints",
    method: "GET",
    path: "/webhooks",
    scope: "webhooks:read",
    stability: "experimental",
    summary: "List webhook endpoints",
  },
  async (request) => {
    parseSearchParams(request.url, NoQuery);
    return jsonResponse(await listEndpoints());
  },
);

/** createWebhookEndpoint: POST /v1/webhooks — 201 with the signing secret, shown this once. */
export const createWebhookEndpoint = defineOperation(
  {
    operationId: "createWebhookEndpoint",
    method: "POST",
    path: "/webhooks",
    scope: "webhooks:write",
    stability: "experimental",
    summary: "Register a webhook endpoint",
  },
  async (request, _context, caller) => {
    const input = await parseBody(request, NewWebhookEndpoint, "webhook endpoint");
    const endpoint = await createEndpoint(input, caller?.scopes ?? []);
    return jsonResponse(endpoint, 201, { Location: `${WEBHOOKS_PATH}/${endpoint.id}` });
  },
);

/** getWebhookEndpoint: GET /v1/webhooks/{webhookId}. */
export const getWebhookEndpoint = defineOperation(
  {
    operationId: "getWebhookEndpoint",
    method: "GET",
    path: "/webhooks/{webhookId}",
    scope: "webhooks:read",
    stability: "experimental",
    summary: "Get a webhook endpoint",
  },
  async (_request, context) => jsonResponse(found(await getEndpoint((await context.params).webhookId))),
);

/** updateWebhookEndpoint: PATCH /v1/webhooks/{webhookId}. */
export const updateWebhookEndpoint = defineOperation(
  {
    operationId: "updateWebhookEndpoint",
    method: "PATCH",
    path: "/webhooks/{webhookId}",
    scope: "webhooks:write",
    stability: "experimental",
    summary: "Change a webhook endpoint",
  },
  async (request, context, caller) => {
    const { webhookId } = await context.params;
    const patch = await parseBody(request, WebhookEndpointPatch, "webhook endpoint change");
    return jsonResponse(found(await updateEndpoint(webhookId, patch, caller?.scopes ?? [])));
  },
);

/** deleteWebhookEndpoint: DELETE /v1/webhooks/{webhookId} — 204; its deliveries go with it. */
export const deleteWebhookEndpoint = defineOperation(
  {
    operationId: "deleteWebhookEndpoint",
    method: "DELETE",
    path: "/webhooks/{webhookId}",
    scope: "webhooks:write",
    stability: "experimental",
    summary: "Delete a webhook endpoint",
  },
  async (_request, context) => {
    if (!(await deleteEndpoint((await context.params).webhookId))) throw notFound();
    return new Response(null, { status: 204 });
  },
);

/** rotateWebhookSecret: POST /v1/webhooks/{webhookId}/rotate-secret — the new secret, shown this once. */
export const rotateWebhookSecret = defineOperation(
  {
    operationId: "rotateWebhookSecret",
    method: "POST",
    path: "/webhooks/{webhookId}/rotate-secret",
    scope: "webhooks:write",
    stability: "experimental",
    summary: "Rotate an endpoint's signing secret",
  },
  async (request, context) => {
    const { webhookId } = await context.params;
    const { overlapSeconds } = await parseBody(request, SecretRotation, "secret rotation");
    return jsonResponse(found(await rotateSecret(webhookId, overlapSeconds)));
  },
);

/** sendWebhookTest: POST /v1/webhooks/{webhookId}/test — 202 with the ping's delivery. */
export const sendWebhookTest = defineOperation(
  {
    operationId: "sendWebhookTest",
    method: "POST",
    path: "/webhooks/{webhookId}/test",
    scope: "webhooks:write",
    stability: "experimental",
    summary: "Send a test ping",
  },
  async (_request, context) => jsonResponse(found(await sendTestPing((await context.params).webhookId)), 202),
);

/** listWebhookDeliveries: GET /v1/webhooks/{webhookId}/deliveries?limit= — newest first, every attempt. */
export const listWebhookDeliveries = defineOperation(
  {
    operationId: "listWebhookDeliveries",
    method: "GET",
    path: "/webhooks/{webhookId}/deliveries",
    scope: "webhooks:read",
    stability: "experimental",
    summary: "List an endpoint's deliveries",
  },
  async (request, context) => {
    const { limit } = parseSearchParams(request.url, DeliveriesQuery);
    return jsonResponse(found(await listDeliveries((await context.params).webhookId, limit)));
  },
);

/** redeliverWebhook: POST /v1/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver — 202, one more attempt. */
export const redeliverWebhook = defineOperation(
  {
    operationId: "redeliverWebhook",
    method: "POST",
    path: "/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver",
    scope: "webhooks:write",
    stability: "experimental",
    summary: "Send a delivery again",
  },
  async (_request, context) => {
    const { webhookId, deliveryId } = await context.params;
    const delivery = await redeliver(webhookId, deliveryId);
    if (!delivery) throw new ApiError(404, "not_found", "This endpoint has no delivery with this id.");
    return jsonResponse(delivery, 202);
  },
);
