import * as z from "zod";
import type { EventActor } from "@/lib/events/event-types";
import { EVENT_TYPE_NAMES } from "@/lib/events/event-types";
import { Cursor } from "@/lib/paging/cursor-param";
import { LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN } from "@/lib/paging/page-limits";
import { RESOURCE_KINDS, type ResourceRef } from "./resource";

/*
 * `GET /v1/audit`'s query, refused whole on anything unknown or malformed
 * (docs/decisions/002): every filter is one parameter, given at most once.
 */

const limitRule = `must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}`;
const Limit = z
  .codec(
    z.string().regex(/^\d{1,4}$/, { error: limitRule }),
    z.int().min(LIMIT_MIN, { error: limitRule }).max(LIMIT_MAX, { error: limitRule }),
    { decode: (text) => Number(text), encode: (limit) => String(limit) },
  )
  .meta({ description: `Maximum number of entries to return (${LIMIT_MIN} to ${LIMIT_MAX})` });

/** Ids as the log names them: pets' numbers, keys' and accounts' public ids. */
const ID = "[A-Za-z0-9_-]{1,64}";

const actorRule = "must be api_key:<id>, person:<id>, operator or system";
const ACTOR = new RegExp(`^(?:(api_key|person):(${ID})|(operator|system))$`);
const Actor = z
  .codec(z.string().regex(ACTOR, { error: actorRule }), z.custom<EventActor>(), {
    decode: (text) => {
      const [, type, id, bare] = ACTOR.exec(text) as RegExpExecArray;
      return (bare ? { type: bare } : { type, id }) as EventActor;
    },
    encode: (actor) => ("id" in actor ? `${actor.type}:${actor.id}` : actor.type),
  })
  .meta({ description: "Only changes made by this actor: `api_key:<id>`, `person:<id>`, `operator` or `system`" });

const resourceRule = `must be <kind>:<id>, the kind one of ${RESOURCE_KINDS.join(", ")}`;
const RESOURCE = new RegExp(`^([a-z_]{1,32}):(${ID})$`);
const Resource = z
  .codec(
    z.string().refine((text) => RESOURCE_KINDS.includes(RESOURCE.exec(text)?.[1] ?? ""), { error: resourceRule }),
    z.custom<ResourceRef>(),
    {
      decode: (text) => {
        const [, type, id] = RESOURCE.exec(text) as RegExpExecArray;
        return { type, id } as ResourceRef;
      },
      encode: (resource) => `${resource.type}:${resource.id}`,
    },
  )
  .meta({ description: "Only changes to this resource, e.g. `pet:42`, `order:7`, `key:<id>`, `person:<id>`" });

const typeRule = "must be event types (e.g. pet.status_changed) or prefixes (e.g. pet.), separated by commas";
const typesMatching = (name: string) =>
  EVENT_TYPE_NAMES.filter((type) => (name.endsWith(".") ? type.startsWith(name) : type === name));
const Types = z
  .codec(
    z.string().refine((text) => text.split(",").every((name) => typesMatching(name).length > 0), { error: typeRule }),
    z.array(z.string()).min(1),
    { decode: (text) => [...new Set(text.split(",").flatMap(typesMatching))], encode: (types) => types.join(",") },
  )
  .meta({
    description: "Only these kinds of change: event types or prefixes, comma-separated (`pet.`, `order.placed`)",
  });

const instantRule = "must be an RFC 3339 date-time with a time zone, e.g. 2030-01-31T09:00:00Z";
const instant = (description: string) =>
  z
    .codec(z.iso.datetime({ offset: true, error: instantRule }), z.string(), {
      decode: (text) => new Date(text).toISOString(),
      encode: (iso) => iso,
    })
    .meta({ description });

export const AuditListParams = z.strictObject({
  limit: Limit.default(LIMIT_DEFAULT),
  actor: Actor.optional(),
  resource: Resource.optional(),
  type: Types.optional(),
  since: instant("Only changes made at or after this time (RFC 3339)").optional(),
  until: instant("Only changes made before this time (RFC 3339)").optional(),
  cursor: Cursor.optional(),
});
export type AuditListParams = z.output<typeof AuditListParams>;
