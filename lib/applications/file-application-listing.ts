import { decodeApplicationCursor, encodeApplicationCursor } from "@/lib/paging/application-cursor";
import type { ApplicationPage, ListApplicationsQuery } from "@/lib/applications/application-store";
import type { ApplicationBook } from "./file-application-book";

/**
 * A page of the applications listing, newest first. Like the orders listing, a cursor is
 * checked by its encoding only (docs/decisions/082): it names an id and the filters that
 * issued it, and any other filters refuse it with InvalidCursorError.
 */
export function pageOfApplications(book: ApplicationBook, query: ListApplicationsQuery): ApplicationPage {
  const { limit, state, petId, submittedBefore, cursor } = query;
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
  const filter = { state, petId, submittedBefore };
  const beforeId = cursor === undefined ? Infinity : decodeApplicationCursor(cursor, filter);
  const { applications, more } = book.page(limit, beforeId, filter);
  const last = applications.at(-1);
  return more && last ? { applications, nextCursor: encodeApplicationCursor(last.id, filter) } : { applications };
}
