import { dayOf } from "@/lib/animal-record/calendar-day";

/*
 * dayOf (lib/animal-record/calendar-day.ts) for many moments in one zone: the statistics turn
 * every stay's intake and outcome into the shelter's day, 100,000 moments for ten years of a
 * large shelter, and Intl is the dearest step of a cold count. A zone's offset from UTC
 * changes only at its transitions, a few a year, so the offset is read once per UTC day
 * boundary (Intl, once each) and a day whose two boundaries agree has that offset throughout:
 * its moments' days are arithmetic. A day with a transition in it asks dayOf, moment by
 * moment. A test holds it equal to dayOf across transitions in several zones (docs/decisions/264).
 */

const DAY_MS = 86_400_000;

export function daysInZone(timeZone: string): (moment: string) => string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  });
  const boundaries = new Map<number, number>();
  /** The zone's offset in ms at the start of UTC day `day` (days since 1970). */
  const offsetAt = (day: number) => {
    let offset = boundaries.get(day);
    if (offset === undefined) {
      const at = day * DAY_MS;
      const field: Record<string, number> = {};
      for (const part of parts.formatToParts(at)) if (part.type !== "literal") field[part.type] = Number(part.value);
      const local = Date.UTC(field.year!, field.month! - 1, field.day!, field.hour!, field.minute!);
      offset = local - at;
      boundaries.set(day, offset);
    }
    return offset;
  };
  const names = new Map<number, string>();
  /** YYYY-MM-DD of a day number, written once a day. */
  const nameOf = (day: number) => {
    let name = names.get(day);
    if (name === undefined) names.set(day, (name = new Date(day * DAY_MS).toISOString().slice(0, 10)));
    return name;
  };
  return (moment) => {
    const ms = Date.parse(moment);
    const day = Math.floor(ms / DAY_MS);
    const offset = offsetAt(day);
    if (offset !== offsetAt(day + 1)) return dayOf(moment, timeZone);
    return nameOf(Math.floor((ms + offset) / DAY_MS));
  };
}
