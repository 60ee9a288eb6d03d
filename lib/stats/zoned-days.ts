import { dayOf } from "@/lib/animal-record/calendar-day";

/*
 * dayOf (lib/animal-record/calendar-day.ts) for many moments in one zone: the statistics turn
 * every stay's intake and outcome into the shelter's day, 100,000 moments for ten years of a
 * large shelter, and Intl is the dearest step of a cold count. A zone's offset from UTC
 * changes only at its transitions, a few a year, so the offset is read once per UTC day
 * boundary (Intl, once each) and a day whose two boundaries agree has that offset throughout:
 * its moments' days are arithmetic. A day with a transition in it asks dayOf, moment by
 * moment. Days are numbers (days since 1970-01-01) until they are written, once a day.
 * A test holds it equal to dayOf across transitions in several zones (docs/decisions/264).
 */

const DAY_MS = 86_400_000;

export type ZonedDays = {
  /** The number (days since 1970-01-01) of the shelter's day on which the moment `ms` falls. */
  dayAt(ms: number): number;
  /** YYYY-MM-DD of a day number, the same string each time it is asked. */
  nameOf(day: number): string;
  /** YYYY-MM of a day number, the same string each time it is asked. */
  monthOf(day: number): string;
};

/** Days from 1970 to 2149 are kept in a list (no hashing); others are worked out each time they are asked. */
const TABLE_DAYS = 65_000;

/** A value per day, worked out once a day. */
function dayTable<T>(make: (day: number) => T): (day: number) => T {
  // Filled, so the list stays a dense one however far from its start the first day asked is.
  const values = new Array<T | undefined>(TABLE_DAYS).fill(undefined);
  return function valueOn(day) {
    if (!(day >= 0 && day < TABLE_DAYS)) return make(day);
    let value = values[day];
    if (value === undefined) values[day] = value = make(day);
    return value;
  };
}

export function zonedDays(timeZone: string): ZonedDays {
  // "11/28/2026, 14:05": format, not formatToParts, which costs several times more a call.
  const local = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
  });
  /** The zone's offset in ms at the start of UTC day `day`: its local time then, less the UTC one. */
  const offsetAt = dayTable((day) => {
    const at = day * DAY_MS;
    const [month, date, year, hour, minute] = (local.format(at).match(/\d+/g) ?? []).map(Number);
    return Date.UTC(year!, month! - 1, date!, hour!, minute!) - at;
  });
  /** Per UTC day: its offset when the same all day, NaN when a transition falls in it. */
  const steadyOffset = dayTable((day) => {
    const start = offsetAt(day);
    return start === offsetAt(day + 1) ? start : NaN;
  });
  const nameOf = dayTable((day) => new Date(day * DAY_MS).toISOString().slice(0, 10));
  const monthOf = dayTable((day) => nameOf(day).slice(0, 7));
  return {
    dayAt(ms) {
      const utcDay = Math.floor(ms / DAY_MS);
      const offset = steadyOffset(utcDay);
      if (!Number.isNaN(offset)) return Math.floor((ms + offset) / DAY_MS);
      return Date.parse(`${dayOf(new Date(ms).toISOString(), timeZone)}T00:00:00Z`) / DAY_MS;
    },
    nameOf,
    monthOf,
  };
}

/** dayOf for many moments in one zone: YYYY-MM-DD. */
export function daysInZone(timeZone: string): (moment: string) => string {
  const days = zonedDays(timeZone);
  return (moment) => days.nameOf(days.dayAt(Date.parse(moment)));
}

/** The number two digits at `at` write, or -1 when they are not two digits. */
function twoDigits(text: string, at: number): number {
  const tens = text.charCodeAt(at) - 48;
  const ones = text.charCodeAt(at + 1) - 48;
  return tens >= 0 && tens <= 9 && ones >= 0 && ones <= 9 ? tens * 10 + ones : -1;
}

/** Whether a moment of `length` has `-`, `-`, `T`, `:`, `:`, (`.`) and `Z` where the record's moments have them. */
const isMomentShape = (moment: string, length: number) =>
  moment.charCodeAt(4) === 45 &&
  moment.charCodeAt(7) === 45 &&
  moment.charCodeAt(10) === 84 &&
  moment.charCodeAt(13) === 58 &&
  moment.charCodeAt(16) === 58 &&
  moment.charCodeAt(length - 1) === 90 &&
  (length === 20 || moment.charCodeAt(19) === 46);

/**
 * Date.parse for the moments the record writes (2026-11-28T14:05:00Z, 2026-11-28T14:05:00.123Z),
 * by arithmetic; any other form, or a day past the 28th (which engines may read differently),
 * is given to Date.parse. A test holds the two equal.
 */
export function momentMs(moment: string): number {
  const length = moment.length;
  if ((length !== 20 && length !== 24) || !isMomentShape(moment, length)) return Date.parse(moment);
  const century = twoDigits(moment, 0);
  const year = twoDigits(moment, 2);
  const month = twoDigits(moment, 5);
  const day = twoDigits(moment, 8);
  const hour = twoDigits(moment, 11);
  const minute = twoDigits(moment, 14);
  const second = twoDigits(moment, 17);
  const hundredths = length === 24 ? twoDigits(moment, 20) : 0;
  const thousandth = length === 24 ? twoDigits(moment, 21) % 10 : 0;
  if (
    century < 1 ||
    year < 0 ||
    month < 1 ||
    month > 12 ||
    day < 1 ||
    day > 28 ||
    hour < 0 ||
    hour > 23 ||
    minute < 0 ||
    minute > 59 ||
    second < 0 ||
    second > 59 ||
    hundredths < 0 ||
    thousandth < 0
  ) {
    return Date.parse(moment);
  }
  const days = daysFromCivil(century * 100 + year, month, day);
  return days * DAY_MS + hour * 3_600_000 + minute * 60_000 + second * 1000 + hundredths * 10 + thousandth;
}

/** The day number (days since 1970-01-01) of a YYYY-MM-DD day; NaN for any other text. */
export function dayNumberOf(day: string): number {
  if (day.length !== 10 || day.charCodeAt(4) !== 45 || day.charCodeAt(7) !== 45) return NaN; // 45: "-"
  const century = twoDigits(day, 0);
  const year = twoDigits(day, 2);
  const month = twoDigits(day, 5);
  const date = twoDigits(day, 8);
  if (century < 0 || year < 0 || month < 1 || month > 12 || date < 1) return NaN;
  const number = daysFromCivil(century * 100 + year, month, date);
  // No 30 February: a day past its month's end is not a day.
  return date > 28 && daysFromCivil(century * 100 + year, month + 1, 1) <= number ? NaN : number;
}

/**
 * Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's days_from_civil); a
 * day past its month's end counts on into the next month.
 */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yearOfEra = y - era * 400;
  const dayOfYear = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const dayOfEra = yearOfEra * 365 + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100) + dayOfYear;
  return era * 146_097 + dayOfEra - 719_468;
}
