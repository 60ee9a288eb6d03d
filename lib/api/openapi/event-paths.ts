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

import { schemaOf } from "./json-schema";
import { EXPERIMENTAL } from "./operation-parts";

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
