import * as z from "zod";
import { EventActor } from "@/lib/events/event-types";

/*
 * What `GET /v1/audit` answers, and what the console's Activity view reads back: one schema,
 * the OpenAPI document's components and the client's check (docs/decisions/187).
 */

export const AuditChange = z
  .object({
    field: z.string().meta({ description: "The field, nested ones with dots (`profile.size`)" }),
    from: z.unknown().optional().meta({ description: "Its value before; absent when it had none" }),
    to: z.unknown().optional().meta({ description: "Its value after; absent when it was removed" }),
  })
  .meta({ id: "AuditChange", description: "One field's change, from what to what" });
export type AuditChange = z.infer<typeof AuditChange>;

export const AuditResource = z
  .object({
    type: z.string().meta({ description: "The kind of resource: `pet`, `order`, `category`, `key`, …" }),
    id: z.string().meta({ description: "Its id, as text whatever its kind" }),
    name: z
      .string()
      .optional()
      .meta({ description: "Its name after the change, when it has one; an application's is its reference" }),
  })
  .meta({ id: "AuditResource", description: "What the change was made to" });
export type AuditResource = z.infer<typeof AuditResource>;

export const AuditEntry = z
  .object({
    id: z.string().meta({ description: "The event's id (the same as in the event feed)" }),
    type: z.string().meta({ description: "The event's type, e.g. `pet.status_changed`" }),
    time: z.iso.datetime().meta({ description: "When the change was made (RFC 3339, UTC)" }),
    actor: EventActor,
    actorName: z.string().optional().meta({
      description:
        "For a staff account, its name as it is now (the event holds only its id); absent for keys and the server",
    }),
    resource: AuditResource.optional(),
    changes: z.array(AuditChange).meta({
      description:
        "What changed against the previous record of the same resource; with none kept (a creation), every field with only `to`",
    }),
  })
  .meta({ id: "AuditEntry", description: "Who changed what, when, from what to what" });
export type AuditEntry = z.infer<typeof AuditEntry>;

export const AuditEntries = z
  .array(AuditEntry)
  .meta({ id: "AuditEntries", description: "A JSON array of AuditEntry, newest first" });
