import { defineResource } from "@/lib/resources/define-resource";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import { OrderConflictError, OrderNotFoundError } from "./order-store";
import { Order } from "./schemas";

/**
 * Orders, the adoptions staff move from placed to delivered (issue 10; docs/decisions/080,
 * 084), declared once (docs/decisions/282, 315). Three of their entries stay in the older
 * lists, where the OpenAPI document has them: the `orders` tag (after the keys' tag),
 * `orders:place` (added with the roles, docs/decisions/185, after the webhooks' scopes) and
 * their error codes (among the protocol's). Their operations: lib/api/orders-api.ts; their
 * file part: ./file-order-part.ts.
 */
export const ordersResource = defineResource({
  name: "orders",
  decision: 80,
  scopes: {
    "orders:read": "read orders",
    "orders:write": "place and change orders",
  },
  eventReadScopes: { order: "orders:read" },
  events: {
    "order.placed": { object: Order, extra: {}, summary: "An order was placed" },
    "order.approved": { object: Order, extra: {}, summary: "An order was approved" },
    "order.delivered": { object: Order, extra: {}, summary: "An order was delivered" },
    "order.cancelled": { object: Order, extra: {}, summary: "An order was cancelled" },
    "order.updated": {
      object: Order,
      extra: {},
      summary: "An order's note changed, its status did not",
    },
  },
  refusals: [
    {
      error: PetNotAvailableError,
      code: "pet_not_available",
      message: ({ petStatus }: PetNotAvailableError) =>
        `The pet is ${petStatus}, not available: someone else reserved or adopted it first.`,
      currentStatus: ({ petStatus }: PetNotAvailableError) => petStatus,
    },
    {
      error: OrderConflictError,
      code: "order_status_conflict",
      message: ({ orderStatus, to }: OrderConflictError) =>
        `The order is ${orderStatus} now, so it cannot become ${to}.`,
      currentStatus: ({ orderStatus }: OrderConflictError) => orderStatus,
    },
    {
      error: PetNotFoundError,
      code: "unknown_pet",
      field: { field: "petId", message: "names no pet" },
      message: () => "No pet has this petId.",
    },
    { error: OrderNotFoundError, code: "not_found", message: () => "No order has this id." },
  ],
});
