import * as z from "zod";
import { Cursor } from "@/lib/paging/cursor-param";
import { LIMIT_DEFAULT, LIMIT_MAX, LIMIT_MIN } from "@/lib/paging/page-limits";
import { OrderStatus } from "./schemas";

const limitRule = `must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}`;

/** Plain decimal digits only, as for pets: "1.5", "1e1", " 5" are refused, not coerced. */
const Limit = z
  .codec(
    z.string().regex(/^\d{1,4}$/, { error: limitRule }),
    z.int().min(LIMIT_MIN, { error: limitRule }).max(LIMIT_MAX, { error: limitRule }),
    { decode: (text) => Number(text), encode: (limit) => String(limit) },
  )
  .meta({ description: `Maximum number of orders to return (${LIMIT_MIN} to ${LIMIT_MAX})` });

const petIdRule = "must be a positive integer such as 42";
const PetIdFilter = z
  .codec(
    z.string().regex(/^[1-9][0-9]{0,15}$/, { error: petIdRule }),
    z.int().min(1).max(Number.MAX_SAFE_INTEGER, { error: petIdRule }),
    { decode: (text) => Number(text), encode: (id) => String(id) },
  )
  .meta({ description: "Only orders for this pet" });

/** listOrders' query: the listPets conventions plus a filter by pet. */
export const OrderListParams = z.strictObject({
  limit: Limit.default(LIMIT_DEFAULT),
  status: OrderStatus.optional(),
  petId: PetIdFilter.optional(),
  cursor: Cursor.optional(),
});
export type OrderListParams = z.output<typeof OrderListParams>;
