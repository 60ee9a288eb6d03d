import type { DueItem } from "./due-list";
import { contentLines, escapeText } from "./ical-text";

/*
 * The staff's calendar feed of due treatments (RFC 5545). Each due item is an all-day event
 * on its due day, named by the treatment and the animal, and nothing else: no notes, no lot,
 * no carer, since a calendar is shared, synced to phones and shown on lock screens
 * (docs/decisions/249). A UID stays the same for the same animal, item and day, so a
 * calendar that fetches the feed again updates its events instead of adding copies.
 */

export type CalendarOptions = {
  /** When the feed is written: every event's DTSTAMP. */
  now: Date;
  /** The service's host name, which makes UIDs unique across shelters (RFC 5545 §3.8.4.7). */
  host: string;
  /** The calendar's name, as calendar apps show it. */
  name: string;
};

const compactDay = (day: string) => day.replaceAll("-", "");
// 2026-11-28T14:05:00.000Z → 20261128T140500Z, the UTC form of DATE-TIME (§3.3.5).
const compactMoment = (moment: Date) =>
  moment
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");

export function dueCalendar(items: readonly DueItem[], options: CalendarOptions): string {
  const stamp = compactMoment(options.now);
  const events = items.flatMap((item) => [
    "BEGIN:VEVENT",
    `UID:due-${item.petId}-${item.itemId}-${compactDay(item.due)}@${options.host}`,
    `DTSTAMP:${stamp}`,
    `DTSTART;VALUE=DATE:${compactDay(item.due)}`,
    `SUMMARY:${escapeText(`${item.itemName}: ${item.petName}`)}`,
    "TRANSP:TRANSPARENT",
    "END:VEVENT",
  ]);
  return contentLines([
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Pet Store//Due treatments//EN",
    "CALSCALE:GREGORIAN",
    `X-WR-CALNAME:${escapeText(options.name)}`,
    ...events,
    "END:VCALENDAR",
  ]);
}
