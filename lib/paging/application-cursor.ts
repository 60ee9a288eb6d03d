import type { ApplicationState } from "@/lib/applications/states";
import { InvalidCursorError } from "@/lib/errors/store-errors";

/**
 * Keyset cursors for the applications listing: its three filters (state, pet, submitted
 * before) and the last application's id, so a cursor pages only the listing that issued it,
 * as order cursors do (docs/decisions/030, 082). A tag of its own, so no other listing's
 * cursor is taken for one.
 */
const VERSION = "a1.";
const ALL = "*";
const PATTERN = /^a1\.([^.]+)\.([^.]+)\.([^.]+)\.([1-9a-z][0-9a-z]{0,10})$/;

export interface ApplicationFilter {
  state?: ApplicationState;
  petId?: number;
  submittedBefore?: string;
}

function filterText({ state, petId, submittedBefore }: ApplicationFilter): string {
  const before = submittedBefore === undefined ? ALL : Date.parse(submittedBefore).toString(36);
  return `${state ?? ALL}.${petId === undefined ? ALL : petId.toString(36)}.${before}`;
}

export function encodeApplicationCursor(lastId: number, filter: ApplicationFilter): string {
  return Buffer.from(`${VERSION}${filterText(filter)}.${lastId.toString(36)}`).toString("base64url");
}

/** The application id a cursor names if this listing issued it; anything else throws InvalidCursorError. */
export function decodeApplicationCursor(cursor: string, filter: ApplicationFilter): number {
  const match = PATTERN.exec(Buffer.from(cursor, "base64url").toString("latin1"));
  if (!match || `${match[1]}.${match[2]}.${match[3]}` !== filterText(filter)) throw new InvalidCursorError();
  const lastId = parseInt(match[4] as string, 36);
  if (!Number.isSafeInteger(lastId) || encodeApplicationCursor(lastId, filter) !== cursor) {
    throw new InvalidCursorError();
  }
  return lastId;
}
