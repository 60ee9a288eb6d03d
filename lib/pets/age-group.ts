import type { AgeGroup } from "./schemas";

/**
 * Age groups as adoption sites use them (Petfinder's baby, young, adult, senior), by whole
 * years since the birth date: under 1, 1 to under 3, 3 to under 8, 8 and over
 * (docs/decisions/170). `today` is a YYYY-MM-DD date, UTC.
 */
const GROUP_STARTS: [AgeGroup, number][] = [
  ["senior", 8],
  ["adult", 3],
  ["young", 1],
  ["baby", 0],
];

export function ageGroupOf(birthDate: string, today: string): AgeGroup {
  const years = yearsBetween(birthDate, today);
  return GROUP_STARTS.find(([, from]) => years >= from)?.[0] ?? "baby";
}

/**
 * The birth dates of an age group on `today`: born after `after` (exclusive) and on or
 * before `onOrBefore`, either bound missing when open. Stores filter with these.
 */
export function birthDatesOf(group: AgeGroup, today: string): { after?: string; onOrBefore?: string } {
  const at = GROUP_STARTS.findIndex(([name]) => name === group);
  const from = (GROUP_STARTS[at] as [AgeGroup, number])[1];
  const older = GROUP_STARTS[at - 1];
  return {
    // Born `from` years ago or earlier; younger than the next group's start.
    ...(from > 0 ? { onOrBefore: yearsBefore(today, from) } : {}),
    ...(older ? { after: yearsBefore(today, older[1]) } : {}),
  };
}

const DAY_MS = 86_400_000;
// The last day worked out: listings ask on every request, and the answer changes once a day.
let known = { start: 0, end: 0, day: "" };

/** Today as YYYY-MM-DD in UTC. */
export function todayOf(ms: number): string {
  if (ms >= known.start && ms < known.end) return known.day;
  const start = Math.floor(ms / DAY_MS) * DAY_MS;
  known = { start, end: start + DAY_MS, day: new Date(ms).toISOString().slice(0, 10) };
  return known.day;
}

/**
 * Whole months from one YYYY-MM-DD date to another, as birthdays count: a month is complete on
 * the same day of the month (or, when the month is shorter, on its 1st day after), so a
 * 29 February birth is a year old on 1 March of a common year. Negative when `to` is earlier.
 * SAC's age groups count months (lib/animal-record/sac-age-group.ts); ours count years.
 */
export function wholeMonthsBetween(from: string, to: string): number {
  const [fy, fm, fd] = from.split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = to.split("-").map(Number) as [number, number, number];
  return (ty - fy) * 12 + (tm - fm) - (td < fd ? 1 : 0);
}

function yearsBetween(from: string, to: string): number {
  return Math.floor(wholeMonthsBetween(from, to) / 12);
}

/** The date `years` before `date`; 29 February falls back to the 28th in a common year. */
function yearsBefore(date: string, years: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const year = y - years;
  const day = m === 2 && d === 29 && !isLeap(year) ? 28 : d;
  return `${String(year).padStart(4, "0")}-${String(m).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const isLeap = (year: number) => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
