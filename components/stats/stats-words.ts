import type { SacAgeGroup } from "@/lib/animal-record/sac-age-group";
import type { StatsFigures } from "@/lib/stats/figures-json";

/*
 * The words and numbers the statistics' components show (issue 42): species and age groups as
 * a reader says them, counts, rates and days formatted one way on every view.
 */

/** A figure's species: a SAC species, `unmapped` for categories no one has mapped, or `all`. */
export type FigureSpecies = StatsFigures["liveReleaseRate"]["figures"][number]["species"];

export const SPECIES_WORDS: Record<FigureSpecies, string> = {
  all: "All species",
  canine: "Dogs",
  feline: "Cats",
  rabbit: "Rabbits",
  equine: "Horses and other equines",
  small_mammal: "Small mammals",
  farm_animal: "Farm animals",
  bird: "Birds",
  reptile_amphibian: "Reptiles and amphibians",
  other: "Other species",
  unmapped: "Species not yet set",
};

export const AGE_GROUP_WORDS: Record<SacAgeGroup, string> = {
  up_to_5_months: "Under 5 months",
  adult: "Adult",
  unknown: "Age unknown",
};

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** Month names in order, shared with the console's period picker. */
export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;

const monthIndex = (month: string) => Number(month.slice(5, 7)) - 1;

/** "2026-03" → "Mar 2026". */
export const monthShort = (month: string) => `${MONTHS[monthIndex(month)]} ${month.slice(0, 4)}`;
/** "2026-03" → "March 2026". */
export const monthLong = (month: string) => `${MONTH_NAMES[monthIndex(month)]} ${month.slice(0, 4)}`;

/** A period's months as words: "March 2026", or "December 2025 to November 2026". */
export function monthsWords(months: readonly string[]): string {
  const first = months[0] ?? "";
  const last = months[months.length - 1] ?? first;
  return first === last ? monthLong(first) : `${monthLong(first)} to ${monthLong(last)}`;
}

/** 12345 → "12,345". */
export const formatCount = (count: number) => count.toLocaleString("en-US");

/** 0.8765 → "87.6%": one decimal, cut rather than rounded, so 99.96% never reads as 100%. */
export function formatRate(rate: number): string {
  // The epsilon keeps 0.57 at 57.0 (0.57 × 1000 is 569.99… in floating point).
  const tenths = Math.floor(rate * 1000 + 1e-9);
  return `${(tenths / 10).toFixed(1)}%`;
}

/** 12.345 → "12.3 days"; 1 → "1.0 day". */
export const formatDays = (days: number) => `${days.toFixed(1)} ${days === 1 ? "day" : "days"}`;

/** Why a rate or a length of stay is not given: "Not given: fewer than 10 outcomes counted, shown as counts only". */
export function withheldWords(withheld: { message: string }): string {
  const reason = withheld.message.charAt(0).toLowerCase() + withheld.message.slice(1);
  return `Not given: ${reason.replace(": ", ", ")}`;
}
