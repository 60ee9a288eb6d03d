import "server-only";
import {
  EVENT_SCHEMAS,
  EVENT_TYPES,
  EVENT_TYPE_NAMES,
  Event,
  Events,
  eventSchemaId,
  type EventType,
} from "@/lib/events/event-types";
import { EventListParams } from "@/lib/events/list-params";
import { describeReadScopes } from "@/lib/events/visibility";
import { errorRefs } from "./error-responses";
import { headerRefs } from "./response-headers";
import { schemaOf } from "./json-schema";
import { EXPERIMENTAL, queryParameters } from "./operation-parts";
import { RATE_LIMIT_HEADERS } from "./shared-parts";

/**
 * The event schemas as OpenAPI components, each converted on its own (their sub-schemas Pet,
 * Order, Category become references; lib/events/event-types.ts says why they are not
 * registered): one per type, `Event` (any of them, by `type`) and `Events` (the feed's body).
 */
export function eventComponents(): Record<string, unknown> {
  const refOf = (type: EventType) => `#/components/schemas/${eventSchemaId(type)}`;
  return {
    ...Object.fromEntries(EVENT_TYPE_NAMES.map((type) => [eventSchemaId(type), schemaOf(EVENT_SCHEMAS[type])])),
    Event: {
      description: Event.description,
      oneOf: EVENT_TYPE_NAMES.map((type) => ({ $ref: refOf(type) })),
      discriminator: {
        propertyName: "type",
        mapping: Object.fromEntries(EVENT_TYPE_NAMES.map((type) => [type, refOf(type)])),
      },
    },
    Events: { description: Events.description, type: "array", items: { $ref: "#/components/schemas/Event" } },
  };
}

/** GET /v1/events: the feed (lib/events/feed.ts). */
export function eventPaths() {
  return {
    "/events": {
      get: {
        operationId: "listEvents",
        security: [{ bearerAuth: ["events:read"] }],
        tags: ["events"],
        "x-stability": "experimental",
        summary: "Read the event feed",
        description: [
          "What changed, oldest first, at most `limit` (default 20), optionally only some `type`s.",
          'Every page carries `Link: <…>; rel="next"` with an `after` cursor: follow it for the next page, and keep polling it once a page comes back short or empty (no event is ever skipped: an event never appears behind one already shown).',
          `A caller sees only the event types whose resource it may read, each by its prefix: ${describeReadScopes()}. Events it may not see are left out of its pages (the cursor still moves past them); asking for such a type is a 403.`,
          "Events are kept `PETSTORE_EVENT_RETENTION_DAYS` (default 30); a cursor older than that is 410 `cursor_expired`, never a silent gap.",
          EXPERIMENTAL,
        ].join(" "),
        parameters: queryParameters(EventListParams),
        responses: {
          "200": {
            description: "A page of events, oldest first",
            headers: headerRefs("NextPageLink", "XRequestId", "CacheControl", ...RATE_LIMIT_HEADERS),
            content: { "application/json": { schema: { $ref: "#/components/schemas/Events" } } },
          },
          ...errorRefs({
            "400": "BadRequest",
            "401": "Unauthorized",
            "403": "Forbidden",
            "410": "CursorExpired",
            "429": "TooManyRequests",
            "500": "InternalError",
            "503": "StoreUnavailable",
          }),
        },
      },
    },
  };
}

/**
 * The OpenAPI 3.1 `webhooks:` section: one entry per event type, the POST a receiver gets,
 * its body that type's schema (the registry in lib/events/event-types.ts). The signature
 * headers are the webhooks module's to document.
 */
export function eventWebhooks() {
  return Object.fromEntries(
    EVENT_TYPE_NAMES.map((type) => [
      type,
      {
        post: {
          operationId: `${eventSchemaId(type).replace(/Event$/, "")}Webhook`.replace(/^./, (first) =>
            first.toLowerCase(),
          ),
          tags: ["events"],
          "x-stability": "experimental",
          summary: EVENT_TYPES[type].summary,
          description: `Sent for each \`${type}\` event; the same object \`GET /v1/events\` lists. ${EXPERIMENTAL}`,
          requestBody: {
            required: true,
            content: { "application/json": { schema: { $ref: `#/components/schemas/${eventSchemaId(type)}` } } },
          },
          responses: { "2XX": { description: "Received; any other answer is retried" } },
        },
      },
    ]),
  );
}
