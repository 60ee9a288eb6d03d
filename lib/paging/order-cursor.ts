import type { OrderStatus } from "@/lib/orders/schemas";
import { InvalidCursorError } from "@/lib/errors/store-errors";

/**
 * Keyset cursors for the orders listing: both filters (status, pet) and the last order's
 * id, so a cursor pages only the listing that issued it, as pet cursors do
 * (docs/decisions/030-cursors-belong-to-their-listing.md). A different tag from pet
 * cursors, so neither listing accepts the other's.
 */
const VERSION = "o1.";
const ALL = "*";
const PATTERN = /^o1\.([^.]+)\.([^.]+)\.([1-9a-z][0-9a-z]{0,10})$/;

export interface OrderFilter {
  status?: OrderStatus;
  petId?: number;
}

function filterText({ status, petId }: OrderFilter): string {
  return `${status ?? ALL}.${petId === undefined ? ALL : petId.toString(36)}`;
}

export function encodeOrderCursor(lastId: number, filter: OrderFilter): string {
  return Buffer.from(`${VERSION}${filterText(filter)}.${lastId.toString(36)}`).toString("base64url");
}

/** The order id a cursor names if this listing issued it; anything else throws InvalidCursorError. */
export function decodeOrderCursor(cursor: string, filter: OrderFilter): number {
  const match = PATTERN.exec(Buffer.from(cursor, "base64url").toString("latin1"));
  if (!match || `${match[1]}.${match[2]}` !== filterText(filter)) throw new InvalidCursorError();
  const lastId = parseInt(match[3] as string, 36);
  if (!Number.isSafeInteger(lastId) || encodeOrderCursor(lastId, filter) !== cursor) throw new InvalidCursorError();
  return lastId;
}
