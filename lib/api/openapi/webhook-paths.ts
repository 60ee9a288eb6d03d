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
import {
  BODY_ERRORS,
  COMMON_ERRORS,
  emptyAnswer,
  experimentalOperation,
  jsonAnswer,
  jsonBody,
  pathParameter,
  type OperationArgs,
} from "./operation-parts";

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

const webhookId = pathParameter("webhookId", "The endpoint's id");
const deliveryId = pathParameter("deliveryId", "The delivery's id");
const operation = (...args: OperationArgs) => experimentalOperation("webhooks", ...args);

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
          "200": jsonAnswer("Every endpoint", "WebhookEndpoints"),
          ...errorRefs({ "400": "BadRequest", ...COMMON_ERRORS }),
        },
      ),
      post: operation(
        "createWebhookEndpoint",
        "webhooks:write",
        "Register a webhook endpoint",
        "Events appended from now on whose type it wants are POSTed to `url`, signed per Standard Webhooks with the `secret` in this answer, which is never shown again.",
        {
          "201": jsonAnswer("Registered; durable", "WebhookEndpointWithSecret", "Location"),
          ...errorRefs({ ...BODY_ERRORS, ...COMMON_ERRORS }),
        },
        jsonBody("NewWebhookEndpoint"),
      ),
    },
    "/webhooks/{webhookId}": {
      get: operation(
        "getWebhookEndpoint",
        "webhooks:read",
        "Get a webhook endpoint",
        "With its health and why.",
        {
          "200": jsonAnswer("The endpoint", "WebhookEndpoint"),
          ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }),
        },
        { parameters: [webhookId] },
      ),
      patch: operation(
        "updateWebhookEndpoint",
        "webhooks:write",
        "Change a webhook endpoint",
        "Disabling stops its deliveries; enabling makes it healthy, and it receives events from then on.",
        {
          "200": jsonAnswer("The changed endpoint", "WebhookEndpoint"),
          ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
        },
        { parameters: [webhookId], ...jsonBody("WebhookEndpointPatch") },
      ),
      delete: operation(
        "deleteWebhookEndpoint",
        "webhooks:write",
        "Delete a webhook endpoint",
        "With its deliveries.",
        {
          "204": emptyAnswer("Deleted"),
          ...errorRefs({ "404": "NotFound", ...COMMON_ERRORS }),
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
          "200": jsonAnswer("The endpoint and its new secret", "WebhookEndpointWithSecret"),
          ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
        },
        { parameters: [webhookId], ...jsonBody("SecretRotation") },
      ),
    },
    "/webhooks/{webhookId}/test": {
      post: operation(
        "sendWebhookTest",
        "webhooks:write",
        "Send a test ping",
        "A `webhook.ping` message, one attempt; its result shows in the deliveries.",
        {
          "202": jsonAnswer("Queued", "WebhookDelivery"),
          ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
        },
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
          "200": jsonAnswer("Recent deliveries", "WebhookDeliveries"),
          ...errorRefs({ "400": "BadRequest", "404": "NotFound", ...COMMON_ERRORS }),
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
        {
          "202": jsonAnswer("Queued", "WebhookDelivery"),
          ...errorRefs({ ...BODY_ERRORS, "404": "NotFound", ...COMMON_ERRORS }),
        },
        { parameters: [webhookId, deliveryId] },
      ),
    },
  };
}
