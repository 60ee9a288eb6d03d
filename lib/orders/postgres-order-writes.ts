import "server-only";
import type pg from "pg";
import { canTransition, type NewOrder, type Order, type OrderChange } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";
import type { Event } from "@/lib/events/event-types";
import { orderChanged } from "@/lib/events/new-events";
import { announceEventsAppended } from "@/lib/events/appended";
import { nowIso } from "@/lib/clock";
import { ClaimLostError, type IdempotencyRecord } from "@/lib/idempotency/idempotency-store";
import { OrderConflictError, OrderNotFoundError, petStatusFor } from "@/lib/orders/order-store";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import { adoptionClosing, type StayFlowSettings } from "@/lib/animal-record/postgres-stay-flows";
import { closedStayValues, closeStaySet, toStay, type StayRow } from "@/lib/animal-record/postgres-stay-queries";
import type { Outcome, Stay } from "@/lib/animal-record/stay-schemas";
import { appendEventsAfter, eventParams } from "@/lib/events/postgres-event-queries";
import { toOrder, type OrderRow } from "./postgres-order-queries";
import type { Database } from "@/lib/store/postgres/pool";
import type { IdLimit } from "@/lib/store/postgres/id-limits";

/** Where order ids run out (migrations/1795392000003_create-orders-and-categories.sql). */
export const ORDER_ID_LIMIT: IdLimit = { kind: "order", constraint: "orders_id_range", sequence: "orders_id_seq" };

/*
 * An order's write in two round trips, as a batch of creates takes (docs/decisions/230, 181):
 * first a read of what the write depends on (the pet, and an order id drawn; or the order
 * with its pet), from which the process decides and builds the order, its events and the
 * Idempotency-Key's answer; then one statement that locks the rows only if they are still as
 * read, and writes the order, the pet, the answer and the events together (a statement is its
 * own transaction). A row changed in between locks nothing and writes nothing: the write reads
 * again and decides again, so it still sees every change committed before it, as when the
 * statement's own WHERE decided.
 */

/** Tries before giving up on a row that keeps changing between the read and the write. */
const ATTEMPTS = 20;

/** The pet an order is placed for, and the order's id, drawn only when the pet is available. */
interface PlacingRow {
  status: PetStatus;
  name: string;
  category_id: string;
  order_id: string | null;
}

const readForPlacing = (petId: number): pg.QueryConfig => ({
  name: "orders_place_read",
  text: `SELECT status, name, category_id,
                CASE WHEN status = 'available' THEN nextval('orders_id_seq') END AS order_id
         FROM pets WHERE id = $1`,
  values: [petId],
});

/**
 * Holds the pet, places the order, records the answer and appends the events, if the pet is
 * still available with the name and category read. An answer is written only while its claim
 * holds (docs/decisions/109); without it, nothing is.
 */
const placeIfUnchanged = (
  petId: number,
  pet: PlacingRow,
  order: Order,
  record: { key: string; claimedAt: number; response: { status: number; body: string; location?: string } } | null,
  events: Event[],
): pg.QueryConfig => ({
  name: "orders_place_checked",
  text: `WITH pet AS (
           SELECT id FROM pets WHERE id = $1 AND status = 'available' AND name = $2 AND category_id = $3
           FOR UPDATE
         ), answered AS (
           UPDATE idempotency_keys SET status = $9, body = $10, location = $11
           WHERE key = $7 AND started_at = $8 AND status IS NULL AND EXISTS (SELECT 1 FROM pet)
           RETURNING key
         ), held AS (
           UPDATE pets SET status = 'pending' FROM pet
           WHERE pets.id = pet.id AND ($7::text IS NULL OR EXISTS (SELECT 1 FROM answered))
           RETURNING pets.id
         ), placed AS (
           INSERT INTO orders (id, pet_id, adopter, status, note, placed_at, updated_at) OVERRIDING SYSTEM VALUE
           SELECT $4, id, $5, 'placed', $6, $12, $12 FROM held
           RETURNING id
         ), ${appendEventsAfter("placed", 13)}
         SELECT (SELECT count(*) FROM pet) AS checked, (SELECT count(*) FROM placed) AS written,
                (SELECT max(sequence) FROM appended) AS latest, (SELECT count(*) FROM notified) AS notified`,
  values: [
    petId,
    pet.name,
    pet.category_id,
    pet.order_id,
    order.adopter,
    order.note ?? null,
    record?.key ?? null,
    record ? new Date(record.claimedAt) : null,
    record?.response.status ?? null,
    record?.response.body ?? null,
    record?.response.location ?? null,
    order.placedAt,
    ...eventParams(events),
  ],
});

/** The order as it stands, with its pet. */
interface OrderWithPetRow extends OrderRow {
  pet_name: string;
  pet_category_id: string;
  pet_status: PetStatus;
}

const ORDER_WITH_PET = `SELECT o.id, o.pet_id, o.adopter, o.status, o.note, o.placed_at, o.updated_at,
                p.name AS pet_name, p.category_id AS pet_category_id, p.status AS pet_status
         FROM orders o JOIN pets p ON p.id = o.pet_id WHERE o.id = $1`;

const readOrder = (id: number): pg.QueryConfig => ({ name: "orders_change_read", text: ORDER_WITH_PET, values: [id] });

/** The order and its pet, and the pet's stays as one jsonb array (migrations/…275_pet-stays-read-fresh.sql). */
interface DeliveringRow extends OrderWithPetRow {
  stays: StayRow[];
}

const readForDelivery = (id: number): pg.QueryConfig => ({
  name: "orders_deliver_read",
  text: ORDER_WITH_PET.replace(" FROM orders o", ", pet_stays(p.id) AS stays FROM orders o"),
  values: [id],
});

/**
 * Moves the order and its pet (`movesPet`) or changes its note only, and appends the events,
 * if the order (and the pet it moves) are still as read.
 */
const changeIfUnchanged = (read: OrderWithPetRow, after: Order, movesPet: boolean, events: Event[]) => ({
  name: "orders_change_checked",
  text: `WITH target AS (
           SELECT o.id, o.pet_id FROM orders o JOIN pets p ON p.id = o.pet_id
           WHERE o.id = $1 AND o.status = $2 AND o.note IS NOT DISTINCT FROM $3
             AND (NOT $10 OR (p.status = $4 AND p.name = $5 AND p.category_id = $6))
           FOR UPDATE
         ), moved AS (
           UPDATE orders SET status = $7, note = $8, updated_at = $9 FROM target WHERE orders.id = target.id
           RETURNING orders.id
         ), held AS (
           UPDATE pets SET status = $11 FROM target WHERE $10 AND pets.id = target.pet_id
           RETURNING pets.id
         ), ${appendEventsAfter("moved", 12)}
         SELECT (SELECT count(*) FROM moved) AS written, (SELECT count(*) FROM held) AS held,
                (SELECT max(sequence) FROM appended) AS latest, (SELECT count(*) FROM notified) AS notified`,
  values: [
    read.id,
    read.status,
    read.note,
    read.pet_status,
    read.pet_name,
    read.pet_category_id,
    after.status,
    after.note ?? null,
    after.updatedAt,
    movesPet,
    petStatusFor(after.status),
    ...eventParams(events),
  ],
});

interface WrittenRow {
  checked?: string;
  written: string;
  latest: string | null;
}

/** Runs the checked statement; true when it wrote, after announcing its events. */
async function wrote(database: Database, statement: pg.QueryConfig): Promise<{ written: boolean; checked: boolean }> {
  const { rows } = await database.query<WrittenRow>(statement);
  const row = rows[0] as WrittenRow;
  const latest = Number(row.latest ?? 0);
  if (latest > 0) announceEventsAppended(latest);
  return { written: Number(row.written) > 0, checked: Number(row.checked ?? row.written) > 0 };
}

/** placeOrder in two round trips. Throws PetNotFoundError, PetNotAvailableError or ClaimLostError. */
export async function placeOrderChecked(
  database: Database,
  { petId, adopter, note }: NewOrder,
  record?: IdempotencyRecord<Order>,
): Promise<Order> {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { rows } = await database.query<PlacingRow>(readForPlacing(petId));
    const pet = rows[0];
    if (!pet) throw new PetNotFoundError(petId);
    if (pet.order_id === null) throw new PetNotAvailableError(pet.status);
    const at = new Date(nowIso());
    const order = toOrder({
      id: pet.order_id,
      pet_id: String(petId),
      adopter,
      status: "placed",
      note: note || null,
      placed_at: at,
      updated_at: at,
    });
    const before = { id: petId, name: pet.name, categoryId: Number(pet.category_id), status: pet.status };
    const events = orderChanged(order, true, { before, after: { ...before, status: "pending" } }, order.placedAt);
    const answer = record && { key: record.key, claimedAt: record.claimedAt, response: record.answer(order) };
    const { written, checked } = await wrote(database, placeIfUnchanged(petId, pet, order, answer ?? null, events));
    if (written) return order;
    if (checked) throw new ClaimLostError(record?.key ?? "");
  }
  throw new Error(`could not place an order for pet ${petId}: it kept changing under the write`);
}

/** The order after `change`, and its events; throws OrderConflictError for a transition it cannot take. */
function decideChange(read: OrderWithPetRow, { status: to, note }: OrderChange): { after: Order; events: Event[] } {
  if (to !== undefined && !canTransition(read.status, to)) throw new OrderConflictError(read.status, to);
  const at = new Date(nowIso());
  const after = toOrder({
    ...read,
    status: to ?? read.status,
    note: note === undefined ? read.note : note || null,
    updated_at: at,
  });
  const petId = Number(read.pet_id);
  const before = {
    id: petId,
    name: read.pet_name,
    categoryId: Number(read.pet_category_id),
    status: read.pet_status,
  };
  const pet = to === undefined ? undefined : { before, after: { ...before, status: petStatusFor(to) } };
  return { after, events: orderChanged(after, to !== undefined, pet, after.updatedAt) };
}

/**
 * Delivers the order, moves its pet and closes the pet's stay (`closing`, or none), and
 * appends the events (the stay's last), if the order, the pet and the pet's stays are still
 * as read. The order and the pet are held first; `pet_stays` then reads the stays with a
 * snapshot of its own, so it sees a stay write that committed while the statement waited for
 * the pet's row (each stay write holds it), which the statement's own snapshot would not. The
 * order and the pet move only if the stay closed, when one closes: all of it or none.
 */
const deliverIfUnchanged = (
  read: DeliveringRow,
  after: Order,
  closing: (Stay & { outcome: Outcome }) | undefined,
  events: Event[],
): pg.QueryConfig => ({
  name: "orders_deliver_checked",
  text: `WITH target AS (
           SELECT o.id, o.pet_id FROM orders o JOIN pets p ON p.id = o.pet_id
           WHERE o.id = $1 AND o.status = $2 AND o.note IS NOT DISTINCT FROM $3
             AND p.status = $4 AND p.name = $5 AND p.category_id = $6
           FOR UPDATE
         ), checked AS (
           SELECT id, pet_id FROM target WHERE pet_stays(pet_id) = $11::jsonb
         ), closed AS (
           UPDATE stays SET ${closeStaySet(13)}
           FROM checked WHERE stays.id = $12 AND stays.pet_id = checked.pet_id
           RETURNING stays.id
         ), moved AS (
           UPDATE orders SET status = $7, note = $8, updated_at = $9 FROM checked
           WHERE orders.id = checked.id AND ($12::bigint IS NULL OR EXISTS (SELECT 1 FROM closed))
           RETURNING orders.id
         ), held AS (
           UPDATE pets SET status = $10 FROM checked
           WHERE pets.id = checked.pet_id AND EXISTS (SELECT 1 FROM moved)
           RETURNING pets.id
         ), ${appendEventsAfter("moved", 18)}
         SELECT (SELECT count(*) FROM moved) AS written, (SELECT count(*) FROM held) AS held,
                (SELECT count(*) FROM closed) AS closed,
                (SELECT max(sequence) FROM appended) AS latest, (SELECT count(*) FROM notified) AS notified`,
  values: [
    read.id,
    read.status,
    read.note,
    read.pet_status,
    read.pet_name,
    read.pet_category_id,
    after.status,
    after.note ?? null,
    after.updatedAt,
    petStatusFor(after.status),
    JSON.stringify(read.stays),
    ...(closing ? closedStayValues(closing) : [null, null, null, null, null, null]),
    ...eventParams(events),
  ],
});

/**
 * updateOrder in two round trips, a delivery that closes the pet's stay too
 * (deliverOrder) included. Throws OrderNotFoundError or OrderConflictError.
 */
export async function changeOrderChecked(database: Database, id: number, change: OrderChange, flows: StayFlowSettings) {
  if (change.status === "delivered" && flows.firstStays) return deliverOrder(database, id, change, flows);
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { rows } = await database.query<OrderWithPetRow>(readOrder(id));
    const read = rows[0];
    if (!read) throw new OrderNotFoundError(id);
    const { after, events } = decideChange(read, change);
    const { written } = await wrote(database, changeIfUnchanged(read, after, change.status !== undefined, events));
    if (written) return after;
  }
  throw new Error(`could not change order ${id}: it kept changing under the write`);
}

/**
 * An order delivered and its pet's open stay closed with the adoption (docs/decisions/254,
 * 275), in two round trips as every order write: the order, its pet and the pet's stays read;
 * the order, its events and the closed stay with its event (after the order's) decided here;
 * one statement that writes them all if nothing it read has changed, else read again.
 */
async function deliverOrder(database: Database, id: number, change: OrderChange, flows: StayFlowSettings) {
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const { rows } = await database.query<DeliveringRow>(readForDelivery(id));
    const read = rows[0];
    if (!read) throw new OrderNotFoundError(id);
    const { after, events } = decideChange(read, change);
    const closing = adoptionClosing(read.stays.map(toStay), after, flows);
    const all = closing ? [...events, closing.event] : events;
    const { written } = await wrote(database, deliverIfUnchanged(read, after, closing?.stay, all));
    if (written) return after;
  }
  throw new Error(`could not deliver order ${id}: it kept changing under the write`);
}
