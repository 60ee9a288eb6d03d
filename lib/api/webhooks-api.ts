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
import {
  NewWebhookEndpoint,
  SecretRotation,
  WebhookEndpointPatch,
  WebhookDeliveries,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpoints,
  WebhookEndpointWithSecret,
} from "@/lib/webhooks/schemas";
import { jsonResponse } from "./api-route";
import { defineOperation } from "./operation";
import { ApiError } from "./api-error";
import { parseBody } from "./parse-body";
import { parseSearchParams } from "./parse-search-params";
import { errorRefs } from "./openapi/error-responses";
import {
  BODY_ERRORS,
  COMMON_ERRORS,
  emptyAnswer,
  jsonAnswer,
  jsonBody,
  pathParameter,
} from "./openapi/operation-parts";

const webhookId = pathParameter("webhookId", "The endpoint's id");
const deliveryId = pathParameter("deliveryId", "The delivery's id");

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
    document: {
      tag: "webhooks",
      description: "Oldest first; never their secrets.",
      responses: {
        "200": jsonAnswer("Every endpoint", WebhookEndpoints),
        ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
      },
    },
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
    document: {
      tag: "webhooks",
      description:
        "Events appended from now on whose type it wants are POSTed to `url`, signed per Standard Webhooks with the `secret` in this answer, which is never shown again.",
      ...jsonBody(NewWebhookEndpoint),
      responses: {
        "201": jsonAnswer("Registered; durable", WebhookEndpointWithSecret, "Location"),
        ...errorRefs({ ...BODY_ERRORS, ...COMMON_ERRORS }),
      },
    },
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
    document: {
      tag: "webhooks",
      description: "With its health and why.",
      parameters: [webhookId],
      responses: {
        "200": jsonAnswer("The endpoint", WebhookEndpoint),
        ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
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
    document: {
      tag: "webhooks",
      description: "Disabling stops its deliveries; enabling makes it healthy, and it receives events from then on.",
      parameters: [webhookId],
      ...jsonBody(WebhookEndpointPatch),
      responses: {
        "200": jsonAnswer("The changed endpoint", WebhookEndpoint),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
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
    document: {
      tag: "webhooks",
      description: "With its deliveries.",
      parameters: [webhookId],
      responses: {
        "204": emptyAnswer("Deleted"),
        ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
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
    document: {
      tag: "webhooks",
      description:
        "The new secret is in this answer only; the previous one keeps signing too for `overlapSeconds` (two `v1,` signatures).",
      parameters: [webhookId],
      ...jsonBody(SecretRotation),
      responses: {
        "200": jsonAnswer("The endpoint and its new secret", WebhookEndpointWithSecret),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
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
    document: {
      tag: "webhooks",
      description: "A `webhook.ping` message, one attempt; its result shows in the deliveries.",
      parameters: [webhookId],
      responses: {
        "202": jsonAnswer("Queued", WebhookDelivery),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
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
    document: {
      tag: "webhooks",
      description: "Newest first, at most `limit` (default 50, at most 100), each with every attempt.",
      ...{
        parameters: [
          webhookId,
          {
            name: "limit",
            in: "query",
            required: false,
            description: "How many (1 to 100, default 50)",
            schema: { type: "integer", minimum: 1, maximum: 100, default: 50 },
          },
        ],
      },
      responses: {
        "200": jsonAnswer("Recent deliveries", WebhookDeliveries),
        ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
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
    document: {
      tag: "webhooks",
      description: "One more attempt, same `webhook-id`.",
      parameters: [webhookId, deliveryId],
      responses: {
        "202": jsonAnswer("Queued", WebhookDelivery),
        ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
      },
    },
  },
  async (_request, context) => {
    const { webhookId, deliveryId } = await context.params;
    const delivery = await redeliver(webhookId, deliveryId);
    if (!delivery) throw new ApiError(404, "not_found", "This endpoint has no delivery with this id.");
    return jsonResponse(delivery, 202);
  },
);
