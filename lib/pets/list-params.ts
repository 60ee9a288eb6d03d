import * as z from "zod";
import { Cursor } from "@/lib/paging/cursor-param";
import { PetStatus } from "./schemas";

export const LIMIT_MIN = 1;
export const LIMIT_MAX = 100;
export const LIMIT_DEFAULT = 20;

const limitRule = `must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}`;

/**
 * A query string value is text; `limit` accepts only plain decimal digits, so "1.5",
 * "1e1", " 5", "0x10" and "" are refused instead of being coerced into something else.
 */
const Limit = z
  .codec(
    z.string().regex(/^\d{1,4}$/, { error: limitRule }),
    z.int().min(LIMIT_MIN, { error: limitRule }).max(LIMIT_MAX, { error: limitRule }),
    {
      decode: (text) => Number(text),
      encode: (limit) => String(limit),
    },
  )
  .meta({ description: `Maximum number of animals to return (${LIMIT_MIN} to ${LIMIT_MAX})` });

export const ListParams = z.strictObject({
  limit: Limit.default(LIMIT_DEFAULT),
  status: PetStatus.optional(),
  cursor: Cursor.optional(),
});
export type ListParams = z.output<typeof ListParams>;
