import * as z from "zod";
import { addDays } from "@/lib/animal-record/calendar-day";

/*
 * The periods statistics are asked for: a month (2026-11), a quarter (2026-Q4), a year (2026),
 * and the public page's twelve months ending with a given one. A period is a list of calendar
 * months; which day a moment falls on is decided later, in the shelter's time zone
 * (lib/animal-record/calendar-day.ts), so a period itself knows no zone.
 */

export type PeriodKind = "month" | "quarter" | "year" | "twelve_months" | "months";

export type Period = {
  /** As asked: 2026-11, 2026-Q4, 2026; a run of months is written first/last: 2025-12/2026-11. */
  id: string;
  kind: PeriodKind;
  /** YYYY-MM, oldest first. */
  months: readonly string[];
  /** The first and last calendar days (YYYY-MM-DD) the period covers. */
  first: string;
  last: string;
};

const PERIOD_PATTERN = /^(\d{4})(?:-(0[1-9]|1[0-2])|-Q([1-4]))?$/;
const PERIOD_ERROR = "must be a month (YYYY-MM), a quarter (YYYY-Qn) or a year (YYYY), 1900 or later";

export const PeriodId = z
  .string({ error: PERIOD_ERROR })
  .regex(PERIOD_PATTERN, { error: PERIOD_ERROR })
  .refine((id) => id >= "1900", { error: PERIOD_ERROR })
  .meta({
    id: "StatsPeriod",
    description: "A month (YYYY-MM), a quarter (YYYY-Qn) or a year (YYYY), in the shelter's time zone",
    examples: ["2026-11", "2026-Q4", "2026"],
  });

/** Parses a period id into its months; the zod schema for query strings. */
export const PeriodQuery = PeriodId.transform(periodOf);

const pad = (value: number) => String(value).padStart(2, "0");
const monthOf = (year: number, month: number) => `${String(year).padStart(4, "0")}-${pad(month)}`;

/** The months from `first` (YYYY-MM), `count` of them. */
function monthsFrom(first: string, count: number): string[] {
  const [year, month] = first.split("-").map(Number) as [number, number];
  return Array.from({ length: count }, (_, index) => {
    const months = month - 1 + index;
    return monthOf(year + Math.floor(months / 12), (months % 12) + 1);
  });
}

/** The month `count` months before `month` (after, when negative). */
export function monthsBefore(month: string, count: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  const months = year * 12 + (number - 1) - count;
  return monthOf(Math.floor(months / 12), (months % 12) + 1);
}

/** The last day of a YYYY-MM month. */
export const lastDayOf = (month: string) => addDays(`${monthsBefore(month, -1)}-01`, -1);

function periodFrom(id: string, kind: PeriodKind, months: string[]): Period {
  return { id, kind, months, first: `${months[0]}-01`, last: lastDayOf(months[months.length - 1] as string) };
}

/** The period of an id PeriodId accepts (it throws on any other: parse first). */
export function periodOf(id: string): Period {
  const match = PERIOD_PATTERN.exec(id);
  if (!match) throw new RangeError(`Not a period: ${id}`);
  const [, year, month, quarter] = match;
  if (month) return periodFrom(id, "month", [id]);
  if (quarter) return periodFrom(id, "quarter", monthsFrom(`${year}-${pad(Number(quarter) * 3 - 2)}`, 3));
  return periodFrom(id, "year", monthsFrom(`${year}-01`, 12));
}

/** The twelve months ending with `month` (YYYY-MM): what the public page shows. */
export function twelveMonthsEnding(month: string): Period {
  const months = monthsFrom(monthsBefore(month, 11), 12);
  return periodFrom(`${months[0]}/${month}`, "twelve_months", months);
}

/** Every month from `first` to `last` (YYYY-MM, `last` not before `first`): ten years for a bench, say. */
export function monthsFromTo(first: string, last: string): Period {
  const [fy, fm] = first.split("-").map(Number) as [number, number];
  const [ly, lm] = last.split("-").map(Number) as [number, number];
  const count = (ly - fy) * 12 + (lm - fm) + 1;
  if (count < 1) throw new RangeError(`${last} is before ${first}`);
  return periodFrom(`${first}/${last}`, "months", monthsFrom(first, count));
}
