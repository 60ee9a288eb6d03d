import "server-only";
import type pg from "pg";
import { ORDER_STATUSES, canTransition, type Order, type OrderStatus } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";
import type { Event } from "@/lib/events/event-types";
import { orderChanged } from "@/lib/events/new-events";
import { petStatusFor } from "@/lib/orders/order-store";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import * as orders from "./postgres-order-queries";

/*
 * What an order's write does beside its statement inside a transaction: the applications'
 * approvals and withdrawals (lib/applications/postgres-application-writes.ts) place and cancel
 * orders inside their own. The orders' own writes take two round trips without one
 * (./postgres-order-writes.ts).
 */

/** An order change's events, its pet read off the row the statement returned (order-queries.ts). */
export const orderEvents =
  (statusMoved: boolean) =>
  (row: orders.OrderRow, order: Order, at: string): Event[] => {
    const {
      pet_name: name,
      pet_category_id: categoryId,
      pet_status: status,
      pet_was: was,
    } = row as orders.OrderChangeRow;
    const pet =
      name === null || name === undefined || !status || !was
        ? undefined
        : {
            before: { id: order.petId, name, categoryId: Number(categoryId), status: was },
            after: { id: order.petId, name, categoryId: Number(categoryId), status },
          };
    return orderChanged(order, statusMoved, pet, at);
  };

/** The statement that moves order `id` to `to` from any status allowed to, with its pet. */
export function transitionStatement(id: number, to: OrderStatus, setNote = false, note: string | null = null) {
  const from = ORDER_STATUSES.filter((status) => canTransition(status, to));
  return orders.transitionOrder(id, to, from, petStatusFor(to), setNote, note);
}

/** Why an order for `petId` cannot be placed now: no such pet, or it is not available; undefined when it is. */
export async function petRefusal(client: Queryable, petId: number): Promise<Error | undefined> {
  const { rows } = await client.query<{ status: PetStatus }>(orders.selectPetStatus(petId));
  if (!rows[0]) return new PetNotFoundError(petId);
  return rows[0].status === "available" ? undefined : new PetNotAvailableError(rows[0].status);
}

/** The pool (lib/store/postgres/pool.ts) or a client in a transaction. */
export interface Queryable {
  query<Row extends pg.QueryResultRow>(config: pg.QueryConfig): Promise<pg.QueryResult<Row>>;
}
