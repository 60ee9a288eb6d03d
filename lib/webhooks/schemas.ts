import * as z from "zod";
import { EventTypeName } from "@/lib/events/event-types";

/** The webhook schemas, written once (types, validation, the OpenAPI document, the console). Isomorphic. */

const objectError = {
  error: (issue: { code: string }) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined),
};

const Timestamp = z.iso.datetime().meta({ description: "RFC 3339, UTC", examples: ["2026-11-26T10:00:00.000Z"] });

export const WebhookEndpointId = z
  .string()
  .regex(/^we_[0-9a-f]{16}$/)
  .meta({ description: "The endpoint's id", examples: ["we_4f2a9c0d1e3b5a67"] });

export const WebhookUrl = z
  .string()
  .max(2048)
  .refine((value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol), {
    message: "must be an http:// or https:// URL",
  })
  .refine((value) => !URL.canParse(value) || (new URL(value).username === "" && new URL(value).password === ""), {
    message: "must not carry a user name or password",
  })
  .meta({ description: "Where deliveries are POSTed", examples: ["https://example.org/hooks/pet-store"] });

/** An event type of the registry (lib/events/event-types.ts), or `*` for every type (Stripe's convention). */
export const EventTypeFilter = z
  .union([z.literal("*"), EventTypeName], { error: "must be an event type such as pet.created, or *" })
  .meta({ examples: ["pet.created", "*"] });

const EventTypes = z.array(EventTypeFilter).min(1).max(50).meta({
  description:
    'The event types delivered; `["*"]` (the default) is every type. The caller must be able to read each (`*`: every type), as in the event feed; otherwise 403.',
});

const Description = z
  .string()
  .max(500)
  .refine((value) => !/[\u0000-\u0008\u000b-\u001f\u007f]/.test(value), { message: "must not hold control characters" })
  .meta({ description: "What the endpoint is for, for the people who run it" });

export const NewWebhookEndpoint = z
  .strictObject(
    {
      url: WebhookUrl,
      eventTypes: EventTypes.default(["*"]),
      enabled: z.boolean().default(true),
      description: Description.default(""),
    },
    objectError,
  )
  .meta({ id: "NewWebhookEndpoint", description: "Request body for registering a webhook endpoint." });
export type NewWebhookEndpoint = z.infer<typeof NewWebhookEndpoint>;

export const WebhookEndpointPatch = z
  .strictObject(
    {
      url: WebhookUrl.optional(),
      eventTypes: EventTypes.optional(),
      enabled: z.boolean().optional(),
      description: Description.optional(),
    },
    objectError,
  )
  .refine((patch) => Object.keys(patch).length > 0, { message: "must change at least one field" })
  .meta({
    id: "WebhookEndpointPatch",
    description:
      "Request body for changing an endpoint. Enabling a disabled or failing endpoint makes it healthy again.",
  });
export type WebhookEndpointPatch = z.infer<typeof WebhookEndpointPatch>;

export const EndpointHealth = z.enum(["healthy", "failing", "disabled"]).meta({
  id: "WebhookEndpointHealth",
  description:
    "`healthy`: its last delivery succeeded or none failed for good; `failing`: a delivery ran out of retries; `disabled`: an operator turned it off, or the receiver answered 410 Gone",
});
export type EndpointHealth = z.infer<typeof EndpointHealth>;

export const WebhookEndpoint = z
  .object({
    id: WebhookEndpointId,
    url: WebhookUrl,
    eventTypes: EventTypes,
    enabled: z.boolean(),
    description: Description,
    health: EndpointHealth,
    healthReason: z.string().optional().meta({ description: "Why it is failing or disabled" }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
    secretRotatedAt: Timestamp.optional(),
    previousSecretExpiresAt: Timestamp.optional().meta({
      description: "Until then deliveries are signed with the previous secret too",
    }),
  })
  .meta({
    id: "WebhookEndpoint",
    description: "A URL that receives signed event deliveries. The secret is never shown again.",
  });
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

export const WebhookEndpoints = z.array(WebhookEndpoint).meta({ id: "WebhookEndpoints" });

export const SigningSecret = z
  .string()
  .regex(/^whsec_[A-Za-z0-9+/]+=*$/)
  .meta({
    description: "The signing secret (Standard Webhooks): shown only in this answer",
    examples: ["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"],
  });

export const WebhookEndpointWithSecret = WebhookEndpoint.extend({ secret: SigningSecret }).meta({
  id: "WebhookEndpointWithSecret",
  description: "The endpoint as created or after a rotation, with its new signing secret (shown this once).",
});

export const SecretRotation = z
  .strictObject(
    {
      overlapSeconds: z
        .number()
        .int()
        .min(0)
        .max(7 * 86_400)
        .default(86_400)
        .meta({ description: "How long the previous secret keeps signing too (default a day, at most a week)" }),
    },
    objectError,
  )
  .meta({ id: "SecretRotation", description: "Request body for rotating an endpoint's signing secret." });

export const DeliveryStatus = z.enum(["pending", "delivered", "failed"]).meta({
  id: "WebhookDeliveryStatus",
  description:
    "`pending`: not yet answered with 2xx and retries remain; `delivered`: a 2xx came; `failed`: retries ran out",
});
export type DeliveryStatus = z.infer<typeof DeliveryStatus>;

export const DeliveryAttempt = z
  .object({
    at: Timestamp,
    durationMs: z.number().int().min(0),
    statusCode: z.number().int().optional().meta({ description: "The receiver's HTTP status; absent when none came" }),
    responseBody: z.string().optional().meta({ description: "The answer's first 1024 bytes" }),
    error: z.string().optional().meta({ description: "Why no answer came (refused, timed out, address not allowed)" }),
  })
  .meta({ id: "WebhookDeliveryAttempt" });
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;

export const WebhookDelivery = z
  .object({
    id: z.string().meta({ description: "The delivery's id" }),
    webhookId: z.string().meta({ description: "The `webhook-id` header it is sent with: the same on every attempt" }),
    eventId: z.string(),
    eventType: z.string(),
    status: DeliveryStatus,
    createdAt: Timestamp,
    nextAttemptAt: Timestamp.optional(),
    attempts: z.array(DeliveryAttempt),
  })
  .meta({ id: "WebhookDelivery", description: "One event sent to one endpoint, with every attempt." });
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveries = z
  .array(WebhookDelivery)
  .meta({ id: "WebhookDeliveries", description: "Newest first" });
