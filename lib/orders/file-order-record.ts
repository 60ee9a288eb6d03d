import { Order } from "@/lib/orders/schemas";
import { asciiBytes, bytesAt, checked, encodeLine } from "@/lib/store/file/line-codec";

/*
 * The journal's order records (format version 3, with the categories' lines of
 * lib/categories/file-category-line.ts), beside pet lines:
 *
 *   {"order":9,"petId":42,"adopter":"Ada","status":"placed","placedAt":"…","updatedAt":"…","crc32":"…"}
 *
 * An order line is the order's whole state after a change; the latest line for an id
 * wins. It also says the pet's status (pending while the order is open, sold once
 * delivered, available once cancelled), so an order and its pet change in one line:
 * they cannot disagree after a crash, whatever was cut.
 */
const ORDER = asciiBytes('{"order":');

/** The order's line; throws UnwritableRecordError for an order decodeOrder would refuse. */
export function encodeOrderLine(order: Order): string {
  const { id, petId, adopter, status, note, placedAt, updatedAt } = checked("order", Order, order);
  return encodeLine({ order: id, petId, adopter, status, ...(note ? { note } : {}), placedAt, updatedAt });
}

export const isOrderLine = (buf: Buffer, start: number) => bytesAt(buf, start, ORDER);

/** The order a parsed order line holds; throws when it is not a valid one. */
export function decodeOrder(fields: Record<string, unknown>): Order {
  const { order, ...rest } = fields;
  return Order.parse({ id: order, ...rest });
}
