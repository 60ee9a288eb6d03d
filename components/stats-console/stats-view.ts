import { MONTH_NAMES } from "@/components/stats/stats-words";
import { PeriodId, monthsBefore } from "@/lib/stats/period";
import { SPECIES_ORDER, type Species } from "@/lib/stats/stay-facts";

/*
 * What the Statistics view shows, in its address so a view can be linked and Back restores
 * it: `/staff/stats?period=2026-10&species=canine`. A month, a quarter or a year; without a
 * period, the last full month (docs/decisions/272).
 */

export const STATS_PATH = "/staff/stats";
export const MEMBERS_PATH = "/staff/stats/members";

export type StatsPeriodKind = "month" | "quarter" | "year";
export type StatsSpecies = Species | "all";

export interface StatsView {
  period: string;
  species: StatsSpecies;
}

export { MONTH_NAMES };

type Params = { get(name: string): string | null };

const pad = (value: number) => String(value).padStart(2, "0");

/** The last full month before `today` (YYYY-MM-DD): the view's default period. */
export function lastFullMonth(today: string): string {
  return monthsBefore(today.slice(0, 7), 1);
}

/** The browser's own day, YYYY-MM-DD (the shelter's zone is not known before the first answer). */
export function localToday(now = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Whether `period` is one the view can ask for: what GET /v1/stats takes. */
export const isPeriodId = (period: string | null): period is string => PeriodId.safeParse(period).success;

const isSpecies = (species: string | null): species is Species =>
  (SPECIES_ORDER as readonly string[]).includes(species ?? "");

/**
 * Reads `?period=…&species=…`. A missing or unreadable period is the last full month, and
 * `explicit` is false so the view writes the period it shows into the address; an unknown
 * species is all of them.
 */
export function parseStatsView(params: Params, today: string): { view: StatsView; explicit: boolean } {
  const period = params.get("period");
  const species = params.get("species");
  const explicit = isPeriodId(period);
  return {
    view: { period: explicit ? period : lastFullMonth(today), species: isSpecies(species) ? species : "all" },
    explicit,
  };
}

/** The view's address; all species is left out. */
export function statsViewHref(view: StatsView): string {
  const params = new URLSearchParams({ period: view.period });
  if (view.species !== "all") params.set("species", view.species);
  return `${STATS_PATH}?${params}`;
}

/** The drill-down's address for one figure of a period. */
export function membersHref(period: string, cell: string): string {
  return `${MEMBERS_PATH}?${new URLSearchParams({ period, cell })}`;
}

/** The animal's record, at the stay a figure counts. */
export const stayRecordHref = (petId: number, stayId: number) => `/staff/pets/${petId}/record#stay-${stayId}`;

/** A period's parts, as the picker's fields hold them. */
export interface PeriodParts {
  kind: StatsPeriodKind;
  year: number;
  /** 1–12; for a quarter or a year, the first month it covers. */
  month: number;
}

export function periodParts(period: string): PeriodParts {
  const [yearText, rest] = period.split("-") as [string, string | undefined];
  const year = Number(yearText);
  if (rest === undefined) return { kind: "year", year, month: 1 };
  if (rest.startsWith("Q")) return { kind: "quarter", year, month: Number(rest.slice(1)) * 3 - 2 };
  return { kind: "month", year, month: Number(rest) };
}

export const quarterOf = (month: number) => Math.floor((month - 1) / 3) + 1;

/** The period the picker's fields name: a quarter is the one holding `month`. */
export function periodIdOf(parts: PeriodParts): string {
  const year = String(parts.year).padStart(4, "0");
  if (parts.kind === "year") return year;
  if (parts.kind === "quarter") return `${year}-Q${quarterOf(parts.month)}`;
  return `${year}-${pad(parts.month)}`;
}

/** The period `step` periods of the same kind after `period` (before, when negative). */
export function adjacentPeriod(period: string, step: number): string {
  const parts = periodParts(period);
  const months = parts.kind === "year" ? 12 : parts.kind === "quarter" ? 3 : 1;
  const first = monthsBefore(`${String(parts.year).padStart(4, "0")}-${pad(parts.month)}`, -step * months);
  return periodIdOf({ ...periodParts(first), kind: parts.kind });
}

/** Whether any day of `period` has come by `today`: a later period has nothing to count yet. */
export const hasBegun = (period: string, today: string) => {
  const { year, month } = periodParts(period);
  return `${String(year).padStart(4, "0")}-${pad(month)}` <= today.slice(0, 7);
};

/** "October 2026", "Q4 2026 (October to December)", "2026". */
export function periodWords(period: string): string {
  const { kind, year, month } = periodParts(period);
  if (kind === "year") return String(year);
  if (kind === "month") return `${MONTH_NAMES[month - 1]} ${year}`;
  return `Q${quarterOf(month)} ${year} (${MONTH_NAMES[month - 1]} to ${MONTH_NAMES[month + 1]})`;
}
