import type { OrderStatus } from "@/lib/orders/schemas";

/*
 * An order's statuses as staff read them (docs/decisions/217). The API keeps placed →
 * approved → delivered; the console never calls an order's step "approve": deciding who
 * adopts is the application's approval (or the reservation itself), and what is left before
 * the animal goes home is the shelter's checks (a home visit, the fee, the contract).
 */
export const ORDER_STATUS_WORDS: Record<OrderStatus, string> = {
  placed: "Reserved",
  approved: "Ready to go home",
  delivered: "Adopted",
  cancelled: "Cancelled",
};

/** A list of orders in one status, as an empty state or a table's caption names it ("No orders ready to go home yet"). */
export const ORDER_LIST_WORDS: Record<OrderStatus, string> = {
  placed: "reserved orders",
  approved: "orders ready to go home",
  delivered: "completed adoptions",
  cancelled: "cancelled orders",
};
