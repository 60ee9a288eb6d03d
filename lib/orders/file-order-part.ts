import { canTransition, isOpenOrder, type NewOrder, type Order, type OrderChange } from "@/lib/orders/schemas";
import { orderChanged } from "@/lib/events/new-events";
import { OrderConflictError, OrderNotFoundError, petStatusFor } from "@/lib/orders/order-store";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import { lineKind, type Op, type Part, type PartPlan, type UnitOfWork } from "@/lib/store/file/engine/part";
import { checkedId } from "@/lib/store/file/engine/ids";
import { parseLine } from "@/lib/store/file/line-codec";
import { OrderBook } from "./file-order-book";
import { decodeOrder, encodeOrderLine } from "./file-order-record";
import type { PetIndex } from "@/lib/pets/file-pet-index";
import { petsPart, type PetsPlan } from "@/lib/pets/file-pet-part";
import { eventsPart, type ActorOp, type EventsPlan } from "@/lib/events/file-event-part";

export type OrderOp =
  (ActorOp & { kind: "place"; order: NewOrder }) | (ActorOp & { kind: "transition"; id: number; change: OrderChange });

export interface OrdersState {
  book: OrderBook;
  nextId: number;
  /** Told after each batch that wrote an order (listings of orders forget their pages). */
  onChange?: () => void;
}

/**
 * An order's state and the pet status it implies, as the journal's order line says both;
 * a line that leaves the order's status as it was (a note changed) says nothing of the pet,
 * whose status may have been corrected since (docs/decisions/155), and neither does a
 * snapshot's (`petStatusKept`: its pet lines say it).
 */
export function applyOrder(index: PetIndex, book: OrderBook, order: Order, petStatusKept = false): void {
  const before = book.order(order.id);
  book.put(order);
  if (!petStatusKept && before?.status !== order.status) index.setStatus(order.petId, petStatusFor(order.status));
}

const orderLine = lineKind<OrdersState, Order>({
  noun: "order records",
  prefix: '{"order":',
  since: 3,
  decode: (buf, start, _bodyEnd, end) => decodeOrder(parseLine(buf, start, end)),
  // The snapshot's pet lines hold each pet's status already (a correction after its order
  // ended included: docs/decisions/155); its orders must not overrule them.
  fold: ({ book }, order, { inSnapshot, stateOf }) => applyOrder(stateOf(petsPart).index, book, order, inSnapshot),
});

/**
 * Orders as a part of the file engine. An order line is the order's whole state after a
 * change and says its pet's status too, so an order and its pet change in one line.
 */
export const ordersPart: Part<OrdersState, OrdersPlan> = {
  name: "orders",
  createState: () => ({ book: new OrderBook(), nextId: 1 }),
  lines: [orderLine],
  snapshot: {
    field: "orders",
    since: 2,
    kind: orderLine,
    // In id order: a pet's closed orders come before its open one.
    take: ({ book }) => {
      const orders = book.allOrders();
      return { count: orders.length, line: (i) => encodeOrderLine(orders[i] as Order) };
    },
  },
  opened: (state) => void (state.nextId = state.book.lastOrderId + 1),
  ops: ["place", "transition"],
  plan: (state, batch) => new OrdersPlan(state, batch),
};

/** Decides orders' ops against the book plus the batch's earlier ops; offers placing and cancelling to other parts. */
export class OrdersPlan implements PartPlan {
  private readonly orders = new Map<number, Order>();
  private readonly pets: PetsPlan;
  private readonly events: EventsPlan;
  private wrote = false;
  /** Told of each order whose status the batch moves (another part's records that follow it: an adoption's outcome). */
  private readonly moveListeners: ((order: Order, actor: OrderOp["actor"]) => void)[] = [];

  constructor(
    private readonly state: OrdersState,
    private readonly batch: UnitOfWork,
  ) {
    this.pets = batch.plan(petsPart);
    this.events = batch.plan(eventsPart);
    this.pets.addHolder((petId) => this.holdsPet(petId));
  }

  decide(op: Op): Order {
    const orderOp = op as OrderOp;
    if (orderOp.kind === "place") return this.place(orderOp.order, orderOp.actor);
    return this.transition(orderOp.id, orderOp.change, orderOp.actor);
  }

  /**
   * Tells `listener` of each order a `transition` moves to another status, inside that op:
   * what it writes commits with the order, its events follow the order's, its refusal refuses it.
   */
  onStatusMoved(listener: (order: Order, actor: OrderOp["actor"]) => void): void {
    this.moveListeners.push(listener);
  }

  /** The order as the batch's earlier ops left it. */
  current(id: number): Order | undefined {
    return this.orders.get(id) ?? this.state.book.order(id);
  }

  place({ petId, adopter, note }: NewOrder, actor: OrderOp["actor"]): Order {
    const current = this.pets.statusOf(petId);
    if (current === undefined) throw new PetNotFoundError(petId);
    if (current !== "available") throw new PetNotAvailableError(current);
    const now = this.batch.now;
    const order: Order = {
      id: checkedId(this.state.nextId, "order"),
      petId,
      adopter,
      status: "placed",
      ...(note ? { note } : {}),
      placedAt: now,
      updatedAt: now,
    };
    const placed = this.record(order);
    this.state.nextId++;
    const pet = { before: this.pets.petAt(petId, current), after: this.pets.petAt(petId, "pending") };
    this.events.emit(...orderChanged(order, true, pet, now, actor));
    return placed;
  }

  /** A note-only change (no `to`) leaves the pet's status alone: it may have been corrected. */
  transition(id: number, change: OrderChange, actor: OrderOp["actor"]): Order {
    const current = this.current(id);
    if (!current) throw new OrderNotFoundError(id);
    const { status: to, note } = change;
    if (to !== undefined && !canTransition(current.status, to)) throw new OrderConflictError(current.status, to);
    const { note: before, ...rest } = current;
    const kept = note === undefined ? before : note || undefined;
    const now = this.batch.now;
    const changed = { ...rest, status: to ?? current.status, ...(kept ? { note: kept } : {}), updatedAt: now };
    const petBefore = to === undefined ? undefined : this.pets.statusOf(current.petId);
    const value = this.record(changed, to !== undefined);
    const pet =
      petBefore === undefined
        ? undefined
        : {
            before: this.pets.petAt(current.petId, petBefore),
            after: this.pets.petAt(current.petId, this.pets.statusOf(current.petId)),
          };
    const moved = to !== undefined && to !== current.status;
    this.events.emit(...orderChanged(changed, moved, pet, now, actor));
    if (moved) for (const listener of this.moveListeners) listener(changed, actor);
    return value;
  }

  /** Cancels the order as a `transition` op would, when it is still open; the order as it stood before. */
  cancelIfOpen(id: number, actor: OrderOp["actor"]): Order | undefined {
    const order = this.current(id);
    if (order && isOpenOrder(order.status)) this.transition(id, { status: "cancelled" }, actor);
    return order;
  }

  applied(): void {
    if (this.wrote) this.state.onChange?.();
  }

  /** Whether an open order holds the pet, each order as this batch left it (else as the book has it). */
  private holdsPet(petId: number): boolean {
    const inBatch = [...this.orders.values()].filter((order) => order.petId === petId).map((order) => order.id);
    const ids = new Set([...this.state.book.orderIdsOf(petId), ...inBatch]);
    return [...ids].some((id) => isOpenOrder((this.current(id) as Order).status));
  }

  /** Its line first: the encoder refuses an order the reader would refuse, before any change. */
  private record(order: Order, movesPet = true): Order {
    const { index } = this.batch.stateOf(petsPart);
    this.batch.write(encodeOrderLine(order), () => applyOrder(index, this.state.book, order));
    this.wrote = true;
    const before = this.orders.get(order.id);
    this.batch.remember(() => (before ? this.orders.set(order.id, before) : this.orders.delete(order.id)));
    this.orders.set(order.id, order);
    if (movesPet) this.pets.setStatus(order.petId, petStatusFor(order.status));
    else this.pets.touch(order.petId);
    return order;
  }
}
