import { Order } from "@/lib/orders/schemas";
import { Category } from "@/lib/categories/schemas";
import type * as z from "zod";
import { asciiBytes, bytesAt, encodeLine, UnwritableRecordError } from "./line-codec";

/*
 * The journal's other records (format version 3), beside pet lines:
 *
 *   {"order":9,"petId":42,"adopter":"Ada","status":"placed","placedAt":"…","updatedAt":"…","crc32":"…"}
 *   {"category":3,"name":"Dogs","crc32":"…"}
 *
 * An order line is the order's whole state after a change; the latest line for an id
 * wins. It also says the pet's status (pending while the order is open, sold once
 * delivered, available once cancelled), so an order and its pet change in one line:
 * they cannot disagree after a crash, whatever was cut.
 */
const ORDER = asciiBytes('{"order":');
const CATEGORY = asciiBytes('{"category":');

/** The order's line; throws UnwritableRecordError for an order decodeOrder would refuse. */
export function encodeOrderLine(order: Order): string {
  const { id, petId, adopter, status, note, placedAt, updatedAt } = checked("order", Order, order);
  return encodeLine({ order: id, petId, adopter, status, ...(note ? { note } : {}), placedAt, updatedAt });
}

/** The category's line; throws UnwritableRecordError for a category decodeCategory would refuse. */
export function encodeCategoryLine(category: Category): string {
  const { id, name } = checked("category", Category, category);
  return encodeLine({ category: id, name });
}

/** `value` as the reader's schema parses it, or UnwritableRecordError naming the fields that fail. */
export function checked<T>(kind: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = new Set(result.error.issues.map((issue) => issue.path.join(".")));
  throw new UnwritableRecordError(kind, [...fields].join(", "));
}

export const isOrderLine = (buf: Buffer, start: number) => bytesAt(buf, start, ORDER);
export const isCategoryLine = (buf: Buffer, start: number) => bytesAt(buf, start, CATEGORY);

/** The order a parsed order line holds; throws when it is not a valid one. */
export function decodeOrder(fields: Record<string, unknown>): Order {
  const { order, ...rest } = fields;
  return Order.parse({ id: order, ...rest });
}

export function decodeCategory(fields: Record<string, unknown>): Category {
  return Category.parse({ id: fields.category, name: fields.name });
}
