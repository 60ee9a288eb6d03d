import { InvalidCursorError } from "@/lib/errors/store-errors";

/**
 * The event feed's cursor: a position in the log (the last sequence a page covered), opaque
 * like the other listings' cursors and tagged so no other listing's cursor passes. Unlike
 * theirs it is not bound to a filter: a position in the log means the same for every type
 * filter, so a reader may change its filter and resume (docs/decisions/160).
 */
const VERSION = "e1.";
const PATTERN = /^e1\.(0|[1-9a-z][0-9a-z]{0,10})$/;

export function encodeEventCursor(sequence: number): string {
  return Buffer.from(`${VERSION}${sequence.toString(36)}`).toString("base64url");
}

/** The sequence an `after` cursor names; anything this service did not issue throws InvalidCursorError naming `after`. */
export function decodeEventCursor(cursor: string): number {
  const match = PATTERN.exec(Buffer.from(cursor, "base64url").toString("latin1"));
  if (!match) throw new InvalidCursorError("after");
  const sequence = parseInt(match[1] as string, 36);
  if (!Number.isSafeInteger(sequence) || encodeEventCursor(sequence) !== cursor) throw new InvalidCursorError("after");
  return sequence;
}
