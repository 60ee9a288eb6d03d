import type { Order, OrderStatus } from "@/lib/orders/schemas";

/**
 * Orders in memory, as plain objects: a shelter's adoptions number in
 * the thousands, not millions (pets get the packed PetIndex). Orders are kept by id in
 * ascending order (ids only grow) and by pet, so a page filtered by pet walks only that
 * pet's orders; a page filtered by status walks back from the cursor, skipping others.
 */
export class OrderBook {
  private readonly orders = new Map<number, Order>();
  private readonly ids: number[] = [];
  private readonly byPet = new Map<number, number[]>();
  get lastOrderId(): number {
    return this.ids.at(-1) ?? 0;
  }

  get order(): (id: number) => Order | undefined {
    return (id) => this.orders.get(id);
  }

  /** Records an order's latest state (new ids must be greater than every id held). */
  put(order: Order): void {
    if (!this.orders.has(order.id)) {
      if (order.id <= this.lastOrderId) throw new Error(`order id ${order.id} is not greater than ${this.lastOrderId}`);
      this.ids.push(order.id);
      const forPet = this.byPet.get(order.petId) ?? [];
      forPet.push(order.id);
      this.byPet.set(order.petId, forPet);
    } else if (this.orders.get(order.id)?.petId !== order.petId) {
      throw new Error(`order ${order.id} cannot move to another pet`);
    }
    this.orders.set(order.id, order);
  }

  /** The ids of the pet's orders, ascending. */
  orderIdsOf(petId: number): readonly number[] {
    return this.byPet.get(petId) ?? [];
  }

  /** Every order, ascending by id (for the snapshot). */
  allOrders(): Order[] {
    return this.ids.map((id) => this.orders.get(id) as Order);
  }

  /** Up to `limit` orders below `beforeId`, newest first, matching the filters; and whether more match. */
  page(
    limit: number,
    beforeId: number,
    status: OrderStatus | undefined,
    petId: number | undefined,
  ): { orders: Order[]; more: boolean } {
    const ids = petId === undefined ? this.ids : (this.byPet.get(petId) ?? []);
    const orders: Order[] = [];
    for (let i = ids.length - 1; i >= 0; i--) {
      const order = this.orders.get(ids[i] as number) as Order;
      if (order.id >= beforeId || (status && order.status !== status)) continue;
      if (orders.length === limit) return { orders, more: true };
      orders.push(order);
    }
    return { orders, more: false };
  }
}
