import "server-only";
import { createHash } from "node:crypto";
import { InvalidCursorError } from "@/lib/errors/store-errors";

/**
 * The audit listing's cursor: the last sequence a page showed, bound to the filters that
 * page was read with (docs/decisions/030: a cursor pages only the listing that issued it),
 * tagged so no other listing's cursor passes. The filters are bound by a short digest of
 * them, which keeps the cursor short whatever the filters hold.
 */
const VERSION = "a1.";
const PATTERN = /^a1\.([0-9a-f]{8})\.([1-9a-z][0-9a-z]{0,10})$/;

/** The filters in one canonical text; the same filters give the same text. */
export type FilterText = string;

const digestOf = (filter: FilterText) => createHash("sha256").update(filter).digest("hex").slice(0, 8);

export function encodeAuditCursor(sequence: number, filter: FilterText): string {
  return Buffer.from(`${VERSION}${digestOf(filter)}.${sequence.toString(36)}`).toString("base64url");
}

/** The sequence a cursor names if this listing, with these filters, issued it; anything else throws. */
export function decodeAuditCursor(cursor: string, filter: FilterText): number {
  const match = PATTERN.exec(Buffer.from(cursor, "base64url").toString("latin1"));
  if (!match || match[1] !== digestOf(filter)) throw new InvalidCursorError();
  const sequence = parseInt(match[2] as string, 36);
  if (!Number.isSafeInteger(sequence) || encodeAuditCursor(sequence, filter) !== cursor) throw new InvalidCursorError();
  return sequence;
}
