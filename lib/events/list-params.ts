import * as z from "zod";
import { Cursor } from "@/lib/paging/cursor-param";
import { LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN } from "@/lib/paging/page-limits";
import { EVENT_TYPE_NAMES, type EventType } from "./event-types";

const limitRule = `must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}`;

/** Plain decimal digits only, as for pets and orders. */
const Limit = z
  .codec(
    z.string().regex(/^\d{1,4}$/, { error: limitRule }),
    z.int().min(LIMIT_MIN, { error: limitRule }).max(LIMIT_MAX, { error: limitRule }),
    { decode: (text) => Number(text), encode: (limit) => String(limit) },
  )
  .meta({ description: `Maximum number of events to return (${LIMIT_MIN} to ${LIMIT_MAX})` });

const typeRule = `must be one or more of ${EVENT_TYPE_NAMES.join(", ")}, separated by commas`;
const KNOWN = new Set<string>(EVENT_TYPE_NAMES);

/** `type=pet.created,order.placed`: one parameter (repeated ones are refused, docs/decisions/002). */
const TypeFilter = z
  .codec(
    z.string().refine((text) => text.split(",").every((name) => KNOWN.has(name)), { error: typeRule }),
    z.array(z.enum(EVENT_TYPE_NAMES)).min(1),
    { decode: (text) => [...new Set(text.split(","))] as EventType[], encode: (types) => types.join(",") },
  )
  .meta({ description: "Only events of these types, comma-separated (e.g. `pet.created,order.placed`)" });

/** listEvents' query. */
export const EventListParams = z.strictObject({
  limit: Limit.default(LIMIT_DEFAULT),
  type: TypeFilter.optional(),
  after: Cursor.optional().meta({
    description:
      'Resume after this position: the cursor in the previous page\'s `Link: <…>; rel="next"`. Absent: from the oldest event kept.',
  }),
});
export type EventListParams = z.output<typeof EventListParams>;
