import type { NewOrder, Order, OrderChange, OrderStatus } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";
import type { IdempotencyRecord } from "@/lib/idempotency/idempotency-store";
import { brandedError } from "@/lib/errors/branded-error";

/**
 * Orders (adoptions). Placing an order and the pet becoming `pending` are one atomic,
 * durable step, and so is each transition with the pet's change (`sold` on delivery,
 * `available` on cancellation): a pet's status and its open order never disagree, even
 * across a crash. Concurrent calls for one pet or one order serialise: exactly one wins.
 * Listing order and cursors follow the pets listing (newest first, keyset, bound to the filter).
 */
export interface OrderStore {
  /**
   * Throws PetNotFoundError, or PetNotAvailableError with the pet's current status. `record`
   * commits with the order.
   */
  placeOrder(order: NewOrder, record?: IdempotencyRecord<Order>): Promise<Order>;
  getOrder(id: number): Promise<Order | undefined>;
  listOrders(query: ListOrdersQuery): Promise<OrderPage>;
  /** Throws OrderNotFoundError, or OrderConflictError with the order's current status. */
  transitionOrder(id: number, to: OrderStatus): Promise<Order>;
  /**
   * Moves the order (as transitionOrder) and/or sets its note (`null` or "" removes it) in
   * one step; a note-only change leaves the pet as it is (docs/decisions/156).
   */
  updateOrder(id: number, change: OrderChange): Promise<Order>;
}

export interface ListOrdersQuery {
  limit: number;
  status?: OrderStatus;
  petId?: number;
  /** From a previous page of a listing with these same filters; else InvalidCursorError. */
  cursor?: string;
}

export interface OrderPage {
  orders: Order[];
  nextCursor?: string;
}

export class OrderNotFoundError extends brandedError(Symbol.for("petstore.OrderNotFoundError")) {
  constructor(readonly orderId: number) {
    super(`no order has id ${orderId}`);
    this.name = "OrderNotFoundError";
  }
}

export class OrderConflictError extends brandedError(Symbol.for("petstore.OrderConflictError")) {
  constructor(
    readonly orderStatus: OrderStatus,
    readonly to: OrderStatus,
  ) {
    super(`the order is ${orderStatus}; it cannot become ${to}`);
    this.name = "OrderConflictError";
  }
}

/** The pet's status once an order reaches `status`. */
export function petStatusFor(status: OrderStatus): PetStatus {
  if (status === "delivered") return "sold";
  if (status === "cancelled") return "available";
  return "pending";
}
