import { addDays } from "@/lib/animal-record/calendar-day";
import type { DueItem, DueListAnswer } from "@/lib/api-client/due-api";

/*
 * The due list page's logic: how late each item is, in words, and the list without an item
 * just marked given (shown at once, put back if the API refuses).
 */

const DAY_MS = 86_400_000;
const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);

/** "3 days overdue", "1 day overdue", "due today", "due tomorrow", "due in 4 days": said in words, not by color. */
export function dueWords(due: string, today: string): string {
  const days = daysBetween(today, due);
  if (days < 0) return days === -1 ? "1 day overdue" : `${-days} days overdue`;
  if (days === 0) return "due today";
  return days === 1 ? "due tomorrow" : `due in ${days} days`;
}

const sameItem = (a: Pick<DueItem, "petId" | "itemId">, b: Pick<DueItem, "petId" | "itemId">) =>
  a.petId === b.petId && a.itemId === b.itemId;

/** The list without the animal's item: it is given, and its next due day lies beyond this week. */
export function withoutItem(list: DueListAnswer, given: Pick<DueItem, "petId" | "itemId">): DueListAnswer {
  return {
    ...list,
    overdue: list.overdue.filter((item) => !sameItem(item, given)),
    thisWeek: list.thisWeek.filter((item) => !sameItem(item, given)),
  };
}

/** The last day "this week" covers: today and the six after it, as the server counts (lib/animal-record/due-list.ts). */
export const weekEnd = (today: string) => addDays(today, 6);

/** What "Mark given" records: the item, today, and who gave it. */
export function givenEntry(item: Pick<DueItem, "itemId">, today: string, givenBy: string) {
  return { itemId: item.itemId, givenOn: today, givenBy };
}
