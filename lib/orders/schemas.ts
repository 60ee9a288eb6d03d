import * as z from "zod";
import { PetId } from "@/lib/pets/schemas";

/**
 * The order (adoption) schemas, written once: types, request validation, the staff
 * console's checks and the OpenAPI document derive from these. Isomorphic.
 */

export const OrderStatus = z
  .enum(["placed", "approved", "delivered", "cancelled"], {
    error: "must be one of placed, approved, delivered, cancelled",
  })
  .meta({
    id: "OrderStatus",
    description:
      "Where an adoption stands: `placed` → `approved` → `delivered` (the pet is `sold`); `placed` or `approved` → `cancelled` (the pet is `available` again). `delivered` and `cancelled` are final.",
  });
export type OrderStatus = z.infer<typeof OrderStatus>;
export const ORDER_STATUSES = OrderStatus.options;

/** The transitions an order may take from each status; final statuses have none. */
export const ORDER_TRANSITIONS: Record<OrderStatus, readonly OrderStatus[]> = {
  placed: ["approved", "cancelled"],
  approved: ["delivered", "cancelled"],
  delivered: [],
  cancelled: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** An order that still holds its pet (the pet is `pending` while it is open). */
export function isOpenOrder(status: OrderStatus): boolean {
  return status === "placed" || status === "approved";
}

export const ADOPTER_MAX_LENGTH = 100;

export const AdopterName = z
  .string({ error: "must be a string" })
  .trim()
  .min(1, { error: "must not be empty" })
  .refine((name) => [...name].length <= ADOPTER_MAX_LENGTH, {
    error: `must be at most ${ADOPTER_MAX_LENGTH} characters`,
  })
  .regex(/^[^\p{Cc}]*$/u, { error: "must not contain control characters" })
  .refine((name) => name.isWellFormed(), { error: "must be valid Unicode text" })
  .meta({
    description: `Who the adoption is for, as free text: trimmed, 1 to ${ADOPTER_MAX_LENGTH} characters, no control characters`,
    maxLength: ADOPTER_MAX_LENGTH,
    examples: ["Ada Lovelace"],
  });

export const NOTE_MAX_LENGTH = 500;

/**
 * Staff's note on an order (docs/decisions/156): personal data, never logged. Line feeds are
 * allowed (a multi-line box), other control characters are not; an empty note is no note.
 */
export const OrderNote = z
  .string({ error: "must be a string" })
  .trim()
  .refine((note) => [...note].length <= NOTE_MAX_LENGTH, {
    error: `must be at most ${NOTE_MAX_LENGTH} characters`,
  })
  .regex(/^(?:[^\p{Cc}]|\n)*$/u, { error: "must not contain control characters other than line feeds" })
  .refine((note) => note.isWellFormed(), { error: "must be valid Unicode text" })
  .meta({
    description: `Staff's note on the adoption, free text: trimmed, 0 to ${NOTE_MAX_LENGTH} characters, line feeds allowed, no other control characters. Personal data: never logged. Absent when there is none.`,
    maxLength: NOTE_MAX_LENGTH,
    examples: ["Collects on Saturday; has a cat already"],
  });

export const OrderId = z
  .int()
  .min(1)
  .max(Number.MAX_SAFE_INTEGER)
  .meta({
    format: "int64",
    description: "Unique identifier assigned when the order is placed: a positive integer, at most 2^53-1",
    examples: [7],
  });

const Timestamp = z.iso.datetime().meta({ description: "RFC 3339, UTC", examples: ["2026-11-22T06:00:00.000Z"] });

export const NewOrder = z
  .strictObject(
    {
      petId: z
        .int({ error: "must be an integer" })
        .min(1, { error: "must be at least 1" })
        .max(Number.MAX_SAFE_INTEGER, { error: `must be at most ${Number.MAX_SAFE_INTEGER}` })
        .meta({ format: "int64", description: "The pet to adopt; it must be `available`", examples: [42] }),
      adopter: AdopterName,
      note: OrderNote.optional(),
    },
    { error: (issue) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined) },
  )
  .meta({
    id: "NewOrder",
    description: "Request body for placing an order. Unknown fields are refused; the status starts at `placed`.",
  });
export type NewOrder = z.infer<typeof NewOrder>;

export const Order = z
  .object({
    id: OrderId,
    petId: PetId,
    adopter: AdopterName,
    status: OrderStatus,
    note: OrderNote.optional(),
    placedAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: "Order", description: "One adoption of one pet." });
export type Order = z.infer<typeof Order>;

export const Orders = z.array(Order).meta({ id: "Orders", description: "A JSON array of Order" });

/**
 * PATCH body: the status to move to, the note to set (`null` or `""` removes it), or both in
 * one step (docs/decisions/080-order-transitions-as-a-status-patch.md, 156).
 */
export const OrderTransition = z
  .strictObject(
    { status: OrderStatus.optional(), note: OrderNote.nullable().optional() },
    { error: (issue) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined) },
  )
  .refine((change) => change.status !== undefined || change.note !== undefined, {
    error: "must set status, note or both",
  })
  .meta({
    id: "OrderTransition",
    description:
      "Request body for changing an order: `status` moves it to its next status (any transition it cannot take is a 409); `note` sets staff's note (`null` or an empty string removes it). Both at once are one step.",
  });
export type OrderTransition = z.infer<typeof OrderTransition>;

/** What a store is asked to change (a validated OrderTransition; an empty note is none). */
export interface OrderChange {
  status?: OrderStatus;
  /** `null` removes the note; absent leaves it as it is. */
  note?: string | null;
}
