import * as z from "zod";
import { KeySummary } from "@/lib/events/event-types";
import { KeyIssuer } from "./key-issuer";
import { KEY_LIFETIME_MAX_DAYS, KeyLifetimeDays, KeyName, KeyScopes } from "./key-rules";

/** The /v1/keys schemas, written once (validation, the OpenAPI document, the console). Isomorphic. */

export const NewApiKey = z
  .strictObject(
    {
      name: KeyName,
      scopes: KeyScopes,
      expiresAt: z.iso
        .datetime({ offset: true, error: "must be an RFC 3339 time such as 2027-01-31T00:00:00Z" })
        .optional()
        .meta({ description: "When the key stops working; in the future. Absent (and no `expiresInDays`): never" }),
      expiresInDays: KeyLifetimeDays.optional().meta({
        description: `The key stops working this many days from now (1 to ${KEY_LIFETIME_MAX_DAYS}); instead of \`expiresAt\``,
      }),
    },
    { error: (issue) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined) },
  )
  .refine((key) => key.expiresAt === undefined || key.expiresInDays === undefined, {
    path: ["expiresInDays"],
    error: "must not be sent with expiresAt: give one or the other",
  })
  .meta({
    id: "NewApiKey",
    description:
      "Request body for issuing an API key: the rules of `npm run keys -- create`. A caller may only give scopes it holds itself.",
  });
export type NewApiKey = z.infer<typeof NewApiKey>;

/** An issued key as listings show it: the events' KeySummary, never its hash or secret. */
export const ApiKey = KeySummary.extend({ issuer: KeyIssuer }).meta({
  id: "ApiKey",
  description: "An issued API key, without its secret or hash. Revoked and expired keys are listed too.",
});
export type ApiKey = z.infer<typeof ApiKey>;

export const ApiKeys = z.array(ApiKey).meta({ id: "ApiKeys", description: "Every issued key, oldest first" });

export const ApiKeyWithSecret = ApiKey.extend({
  secret: z.string().meta({
    description: "The key itself, to send as `Authorization: Bearer <secret>`: shown in this answer only",
    examples: ["psk_4f2a9c0d1e3b<43 characters of secret><8 hex of checksum>"],
  }),
}).meta({ id: "ApiKeyWithSecret", description: "A key just issued, with its secret (shown this once)." });
export type ApiKeyWithSecret = z.infer<typeof ApiKeyWithSecret>;
