import { Order } from "@/lib/orders/schemas";
import { Category } from "@/lib/categories/schemas";
import { asciiBytes, bytesAt, encodeLine } from "./line-codec";

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

export function encodeOrderLine(order: Order): string {
  const { id, petId, adopter, status, placedAt, updatedAt } = order;
  return encodeLine({ order: id, petId, adopter, status, placedAt, updatedAt });
}

export function encodeCategoryLine(category: Category): string {
  return encodeLine({ category: category.id, name: category.name });
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
