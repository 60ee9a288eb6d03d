/*
 * Days as the shelter lives them. A moment (RFC 3339, UTC) falls on a day in the shelter's
 * time zone: an intake at 17:00 in California is that day's intake, not the next day's in
 * UTC. Until the shelter's zone is configured, callers pass "UTC" (docs/decisions/250).
 */

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The YYYY-MM-DD day on which `moment` falls in `timeZone` (an IANA name). */
export function dayOf(moment: string, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA writes dates as YYYY-MM-DD.
    format = new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    formatters.set(timeZone, format);
  }
  return format.format(new Date(moment));
}

const DAY_MS = 86_400_000;
const utc = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayAt = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The day `count` days after `day` (before, when negative). */
export function addDays(day: string, count: number): string {
  return dayAt(utc(day) + count * DAY_MS);
}

export const INTERVAL_UNITS = ["days", "weeks", "months", "years"] as const;
export type IntervalUnit = (typeof INTERVAL_UNITS)[number];
export type Interval = { count: number; unit: IntervalUnit };

/**
 * The day an interval after `day`. Months and years keep the day of the month, or fall back
 * to the month's last day (31 January + 1 month is 28 or 29 February; 29 February + 1 year is
 * 28 February): a booster is never scheduled later than its interval.
 */
export function addInterval(day: string, { count, unit }: Interval): string {
  if (unit === "days") return addDays(day, count);
  if (unit === "weeks") return addDays(day, count * 7);
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const months = m - 1 + (unit === "years" ? count * 12 : count);
  const year = y + Math.floor(months / 12);
  const month = (((months % 12) + 12) % 12) + 1;
  const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(Math.min(d, last)).padStart(2, "0")}`;
}

/**
 * Whether moment `a` is before moment `b`. Not by string: RFC 3339 allows any number of
 * fractional digits, so "10:00:00Z" sorts after "10:00:00.5Z" as text.
 */
export const isBefore = (a: string, b: string) => Date.parse(a) < Date.parse(b);
