import * as z from "zod";

/** Who made the change: an API key by its public id (never the key), the keys command, or the server itself. */
export const EventActor = z
  .discriminatedUnion("type", [
    z.object({
      type: z.literal("api_key"),
      id: z.string().min(1).max(64).meta({ description: "The key's public id, as `GET /v1/me` and the logs name it" }),
    }),
    z.object({
      type: z.literal("person"),
      id: z
        .string()
        .min(1)
        .max(64)
        .meta({ description: "The staff account's public id (never its e-mail: events carry nothing personal)" }),
    }),
    z.object({ type: z.literal("operator").meta({ description: "`npm run keys` on the server" }) }),
    z.object({ type: z.literal("system").meta({ description: "The server itself" }) }),
  ])
  .meta({
    description: "Who made the change: an API key or a staff account, each by its public id.",
  });
export type EventActor = z.infer<typeof EventActor>;
