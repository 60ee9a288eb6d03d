import type { PetStatus } from "@/lib/pets/schemas";
import { InvalidCursorError } from "@/lib/errors/store-errors";

/**
 * Keyset cursors shared by every adapter: the listing's status filter and the id of the
 * last pet on a page, behind a version tag, base64url-encoded so clients treat it as
 * opaque. The filter is bound in so a cursor pages only the listing that issued it
 * (docs/decisions/030-cursors-belong-to-their-listing.md). The tag lets the encoding
 * change later without misreading old cursors.
 */
const VERSION = "p2.";
/** Stands for "no status filter"; no status is spelt with a symbol. */
const ALL = "*";
const PATTERN = /^p2\.([^.]+)\.([1-9a-z][0-9a-z]{0,10})$/;

/**
 * The filter as cursor text: the status, `~<category>` when the list is one category's,
 * and `!<key>` when it has profile filters, a search or ids (lib/pets/pet-filter.ts filterKey).
 */
function filterText(status: PetStatus | undefined, categoryId: number | undefined, key = ""): string {
  return `${status ?? ALL}${categoryId === undefined ? "" : `~${categoryId.toString(36)}`}${key ? `!${key}` : ""}`;
}

export function encodeCursor(lastId: number, status: PetStatus | undefined, categoryId?: number, key?: string): string {
  return Buffer.from(`${VERSION}${filterText(status, categoryId, key)}.${lastId.toString(36)}`).toString("base64url");
}

/**
 * The id a cursor names, if it was issued by the listing with this status filter;
 * anything else throws InvalidCursorError. The caller must still check that the id
 * names a pet in that listing (see PetStore.list).
 */
export function decodeCursor(cursor: string, status: PetStatus | undefined, categoryId?: number, key?: string): number {
  const match = PATTERN.exec(Buffer.from(cursor, "base64url").toString("latin1"));
  if (!match || match[1] !== filterText(status, categoryId, key)) throw new InvalidCursorError();
  const lastId = parseInt(match[2] as string, 36);
  if (!Number.isSafeInteger(lastId)) throw new InvalidCursorError();
  // Re-encoding must give the same text, so two spellings never name one position.
  if (encodeCursor(lastId, status, categoryId, key) !== cursor) throw new InvalidCursorError();
  return lastId;
}
