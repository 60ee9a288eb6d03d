import { dayOf } from "@/lib/animal-record/calendar-day";
import { monthsBefore, twelveMonthsEnding, type Period } from "./period";

/*
 * The public page's period (issue 42): the twelve months ending with the last full month in
 * the shelter's time zone. On 1 December in California that is December of last year to
 * November, though it is still 30 November there until 08:00 UTC.
 */

/** YYYY-MM: the month before the one `now` falls in, in `timeZone`. */
export function lastFullMonth(now: number, timeZone: string): string {
  const today = dayOf(new Date(now).toISOString(), timeZone);
  return monthsBefore(today.slice(0, 7), 1);
}

export const publicPeriod = (now: number, timeZone: string): Period => twelveMonthsEnding(lastFullMonth(now, timeZone));
