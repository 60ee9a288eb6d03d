import { InvalidCursorError } from "./pet-store";

/**
 * Keyset cursors shared by every adapter: the id of the last pet on a page, behind a
 * version tag, base64url-encoded so clients treat it as opaque. The tag lets the
 * encoding change later without misreading old cursors.
 */
const VERSION = "p1.";

export function encodeCursor(lastId: number): string {
  return Buffer.from(VERSION + lastId.toString(36)).toString("base64url");
}

export function decodeCursor(cursor: string): number {
  const text = Buffer.from(cursor, "base64url").toString("latin1");
  if (!text.startsWith(VERSION)) throw new InvalidCursorError();
  const digits = text.slice(VERSION.length);
  if (!/^[1-9a-z][0-9a-z]{0,10}$/.test(digits)) throw new InvalidCursorError();
  const lastId = parseInt(digits, 36);
  if (!Number.isSafeInteger(lastId) || lastId < 1) throw new InvalidCursorError();
  // Re-encoding must give the same text, so two spellings never name one position.
  if (encodeCursor(lastId) !== cursor) throw new InvalidCursorError();
  return lastId;
}
