import "server-only";
import type pg from "pg";
import type { Order, OrderStatus } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";

/**
 * The orders statements. Each write is one statement, so it is one transaction: the
 * pet's conditional UPDATE (`WHERE status = 'available'`, or the order's `WHERE status =
 * ANY(allowed)`) takes the row lock, and a concurrent writer re-checks the condition
 * after the winner commits and finds no row. 50 orders for one pet: one row, 49 none.
 */
const COLUMNS = "id, pet_id, adopter, status, note, placed_at, updated_at";

/** An order row with its pet as the write left it (and before, `pet_was`), for the events. */
export interface OrderChangeRow extends OrderRow {
  pet_name: string | null;
  pet_category_id: string | null;
  pet_status: PetStatus | null;
  pet_was: PetStatus | null;
}

export interface OrderRow {
  id: string;
  pet_id: string;
  adopter: string;
  status: OrderStatus;
  note: string | null;
  placed_at: Date;
  updated_at: Date;
}

export function toOrder(row: OrderRow): Order {
  return {
    id: Number(row.id),
    petId: Number(row.pet_id),
    adopter: row.adopter,
    status: row.status,
    ...(row.note ? { note: row.note } : {}),
    placedAt: row.placed_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

export const placeOrder = (petId: number, adopter: string, note: string | null): pg.QueryConfig => ({
  name: "orders_place",
  text: `WITH pet AS (
           UPDATE pets SET status = 'pending' WHERE id = $1 AND status = 'available' RETURNING id, name, category_id
         ), o AS (
           INSERT INTO orders (pet_id, adopter, status, note) SELECT id, $2, 'placed', $3 FROM pet RETURNING ${COLUMNS}
         )
         SELECT o.*, pet.name AS pet_name, pet.category_id AS pet_category_id,
                'pending' AS pet_status, 'available' AS pet_was
         FROM o, pet`,
  values: [petId, adopter, note],
});

/** `setNote`: whether to set the note to `note` (NULL removes it) in the same step. */
export const transitionOrder = (
  id: number,
  to: OrderStatus,
  from: readonly OrderStatus[],
  petStatus: PetStatus,
  setNote = false,
  note: string | null = null,
): pg.QueryConfig => ({
  name: "orders_transition",
  text: `WITH o AS (
           UPDATE orders SET status = $2, updated_at = now(), note = CASE WHEN $5 THEN $6 ELSE note END
           WHERE id = $1 AND status = ANY($3::text[])
           RETURNING ${COLUMNS}
         ), p AS (
           UPDATE pets SET status = $4 FROM o, pets AS old WHERE pets.id = o.pet_id AND old.id = pets.id
           RETURNING pets.id, pets.name, pets.category_id, pets.status, old.status AS was
         )
         SELECT o.*, p.name AS pet_name, p.category_id AS pet_category_id, p.status AS pet_status, p.was AS pet_was
         FROM o LEFT JOIN p ON true`,
  values: [id, to, from, petStatus, setNote, note],
});

export const selectOrder = (id: number): pg.QueryConfig => ({
  name: "orders_select",
  text: `SELECT ${COLUMNS} FROM orders WHERE id = $1`,
  values: [id],
});

export const selectPetStatus = (id: number): pg.QueryConfig => ({
  name: "pets_select_status",
  text: "SELECT status FROM pets WHERE id = $1",
  values: [id],
});

/** Newest first, below `beforeId`, with the filters given (null: none). */
export const orderPage = (
  rows: number,
  status: OrderStatus | undefined,
  petId: number | undefined,
  beforeId: number | undefined,
): pg.QueryConfig => ({
  text: `SELECT ${COLUMNS} FROM orders
         WHERE ${status ? "status = $2" : "$2::text IS NULL"}
           AND ${petId ? "pet_id = $3" : "$3::bigint IS NULL"}
           AND ${beforeId ? "id < $4" : "$4::bigint IS NULL"}
         ORDER BY id DESC LIMIT $1`,
  values: [rows, status ?? null, petId ?? null, beforeId ?? null],
});
