import "server-only";
import {
  NewWebhookEndpoint,
  SecretRotation,
  WebhookDeliveries,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointPatch,
  WebhookEndpoints,
  WebhookEndpointWithSecret,
} from "@/lib/webhooks/schemas";
import { errorRefs } from "./error-responses";
import { headerRefs } from "./response-headers";
import { RATE_LIMIT_HEADERS } from "./shared-parts";

// Touch the schemas so their registrations (the `.meta({ id })` calls) are certain to have run.
void [
  NewWebhookEndpoint,
  SecretRotation,
  WebhookDeliveries,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointPatch,
  WebhookEndpoints,
  WebhookEndpointWithSecret,
];

const json = (ref: string) => ({ "application/json": { schema: { $ref: `#/components/schemas/${ref}` } } });
const ok = (description: string, ref: string, ...extra: "Location"[]) => ({
  description,
  headers: headerRefs(...extra, "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
  content: json(ref),
});
const common = {
  "401": "Unauthorized",
  "403": "Forbidden",
  "429": "TooManyRequests",
  "500": "InternalError",
  "503": "StoreUnavailable",
} as const;
const writeErrors = { "400": "BadRequest", "413": "PayloadTooLarge", "415": "UnsupportedMediaType" } as const;
const scope = (name: string) => [{ bearerAuth: [name] }];
const EXPERIMENTAL =
  "Experimental: may change or go away in any release, announced in the README's changelog only (see the versioning policy).";
const webhookId = {
  name: "webhookId",
  in: "path",
  required: true,
  description: "The endpoint's id",
  schema: { type: "string" },
};
const deliveryId = {
  name: "deliveryId",
  in: "path",
  required: true,
  description: "The delivery's id",
  schema: { type: "string" },
};

function operation(
  operationId: string,
  scopeName: "webhooks:read" | "webhooks:write",
  summary: string,
  description: string,
  responses: Record<string, unknown>,
  extra: Record<string, unknown> = {},
) {
  return {
    operationId,
    security: scope(scopeName),
    tags: ["webhooks"],
    "x-stability": "experimental",
    summary,
    description: `${description} ${EXPERIMENTAL}`,
    ...extra,
    responses,
  };
}

/** The webhook endpoint operations (issue 23); the deliveries' payloads are the document's `webhooks:`. */
export function webhookPaths() {
  return {
    "/webhooks": {
      get: operation(
        "listWebhookEndpoints",
        "webhooks:read",
        "List webhook endpoints",
        "Oldest first; never their secrets.",
        {
          "200": ok("Every endpoint", "WebhookEndpoints"),
          ...errorRefs({ "400": "BadRequest", ...common }),
        },
      ),
      post: operation(
        "createWebhookEndpoint",
        "webhooks:write",
        "Register a webhook endpoint",
        "Events appended from now on whose type it wants are POSTed to `url`, signed per Standard Webhooks with the `secret` in this answer, which is never shown again.",
        {
          "201": ok("Registered; durable", "WebhookEndpointWithSecret", "Location"),
          ...errorRefs({ ...writeErrors, ...common }),
        },
        { requestBody: { required: true, content: json("NewWebhookEndpoint") } },
      ),
    },
    "/webhooks/{webhookId}": {
      get: operation(
        "getWebhookEndpoint",
        "webhooks:read",
        "Get a webhook endpoint",
        "With its health and why.",
        {
          "200": ok("The endpoint", "WebhookEndpoint"),
          ...errorRefs({ "404": "NotFound", ...common }),
        },
        { parameters: [webhookId] },
      ),
      patch: operation(
        "updateWebhookEndpoint",
        "webhooks:write",
        "Change a webhook endpoint",
        "Disabling stops its deliveries; enabling makes it healthy, and it receives events from then on.",
        {
          "200": ok("The changed endpoint", "WebhookEndpoint"),
          ...errorRefs({ ...writeErrors, "404": "NotFound", ...common }),
        },
        { parameters: [webhookId], requestBody: { required: true, content: json("WebhookEndpointPatch") } },
      ),
      delete: operation(
        "deleteWebhookEndpoint",
        "webhooks:write",
        "Delete a webhook endpoint",
        "With its deliveries.",
        {
          "204": { description: "Deleted", headers: headerRefs("XRequestId", ...RATE_LIMIT_HEADERS) },
          ...errorRefs({ "404": "NotFound", ...common }),
        },
        { parameters: [webhookId] },
      ),
    },
    "/webhooks/{webhookId}/rotate-secret": {
      post: operation(
        "rotateWebhookSecret",
        "webhooks:write",
        "Rotate an endpoint's signing secret",
        "The new secret is in this answer only; the previous one keeps signing too for `overlapSeconds` (two `v1,` signatures).",
        {
          "200": ok("The endpoint and its new secret", "WebhookEndpointWithSecret"),
          ...errorRefs({ ...writeErrors, "404": "NotFound", ...common }),
        },
        { parameters: [webhookId], requestBody: { required: true, content: json("SecretRotation") } },
      ),
    },
    "/webhooks/{webhookId}/test": {
      post: operation(
        "sendWebhookTest",
        "webhooks:write",
        "Send a test ping",
        "A `webhook.ping` message, one attempt; its result shows in the deliveries.",
        { "202": ok("Queued", "WebhookDelivery"), ...errorRefs({ ...writeErrors, "404": "NotFound", ...common }) },
        { parameters: [webhookId] },
      ),
    },
    "/webhooks/{webhookId}/deliveries": {
      get: operation(
        "listWebhookDeliveries",
        "webhooks:read",
        "List an endpoint's deliveries",
        "Newest first, at most `limit` (default 50, at most 100), each with every attempt.",
        {
          "200": ok("Recent deliveries", "WebhookDeliveries"),
          ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...common }),
        },
        {
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
      ),
    },
    "/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver": {
      post: operation(
        "redeliverWebhook",
        "webhooks:write",
        "Send a delivery again",
        "One more attempt, same `webhook-id`.",
        { "202": ok("Queued", "WebhookDelivery"), ...errorRefs({ ...writeErrors, "404": "NotFound", ...common }) },
        { parameters: [webhookId, deliveryId] },
      ),
    },
  };
}
