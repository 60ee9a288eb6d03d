import { addDays } from "@/lib/animal-record/calendar-day";
import type { SacAgeGroup } from "@/lib/animal-record/sac-age-group";
import type { SacOutcomeRow } from "@/lib/animal-record/sac-mapping";
import { cellKey, groupOfRow, isDetailLine, type MatrixSection } from "./matrix-lines";
import type { Period } from "./period";
import { SPECIES_ORDER, whereAtEndOf, type Species, type StayFacts, type StayRef } from "./stay-facts";

export { cellKey, type MatrixSection } from "./matrix-lines";

/*
 * SAC's Basic Data Matrix for a period (docs/statistics.md): intakes and outcomes by line,
 * species and age group, summed over the period's months (each stay counted in the month of
 * its intake's or outcome's day, in the shelter's zone); the animals in care at the period's
 * beginning (the end of the day before its first day: the first month's beginning) and at its
 * end (the end of its last day: the last month's ending), in the shelter and in foster.
 * Every cell keeps the stays it counts, so each figure drills down to its animals.
 */

export type Cell = {
  key: string;
  section: MatrixSection;
  /** A SAC row, a detail line (`transferred_in.in_state`), or a census line. */
  line: string;
  species: Species;
  /** Census counts are by species only: "all". */
  ageGroup: SacAgeGroup | "all";
  members: StayRef[];
};

export type BasicDataMatrix = {
  period: Period;
  timeZone: string;
  /** The species with at least one cell, in SAC's order, unmapped last. */
  species: Species[];
  cells: ReadonlyMap<string, Cell>;
};

/** The census's cells of a species: at the beginning and the ending, in the shelter and in foster. */
const censusCells = (species: Species) =>
  (["beginning", "ending"] as const).map((section) => ({
    shelter: cellKey(section, "in_shelter", species, "all"),
    foster: cellKey(section, "in_foster", species, "all"),
  }));

/**
 * Builds the matrix from the stays' facts (./stay-facts.ts) in one pass: each stay adds its
 * reference to the cells its facts name, so a pass is a few comparisons of days and a lookup.
 */
export function basicDataMatrix(facts: readonly StayFacts[], period: Period, timeZone: string): BasicDataMatrix {
  const cells = new Map<string, Cell>();
  const add = (key: string, ref: StayRef) => {
    let cell = cells.get(key);
    if (!cell) {
      // Keys are cellKey's: no part of one holds a slash.
      const [section, line, species, ageGroup] = key.split("/") as [MatrixSection, string, Species, SacAgeGroup];
      cells.set(key, (cell = { key, section, line, species, ageGroup, members: [] }));
    }
    cell.members.push(ref);
  };
  const { first, last } = period;
  // The end of the day before the first day is the beginning; the end of the last day, the ending.
  const days = [addDays(first, -1), last];
  const census = new Map<Species, ReturnType<typeof censusCells>>();

  for (const each of facts) {
    const { ref, intakeDay, outcomeDay } = each;
    if (intakeDay >= first && intakeDay <= last) for (const key of each.intakeCells) add(key, ref);
    if (outcomeDay !== undefined && outcomeDay >= first && outcomeDay <= last) {
      for (const key of each.outcomeCells) add(key, ref);
    }
    // In care at the end of a census day: taken in by then, and not yet out.
    if (intakeDay > last || (outcomeDay !== undefined && outcomeDay <= days[0]!)) continue;
    let keys = census.get(each.species);
    if (!keys) census.set(each.species, (keys = censusCells(each.species)));
    for (let at = 0; at < 2; at++) {
      const where = whereAtEndOf(each, days[at]!);
      if (where !== "not_in_care") add(where === "foster" ? keys[at]!.foster : keys[at]!.shelter, ref);
    }
  }
  const present = new Set([...cells.values()].map((cell) => cell.species));
  return { period, timeZone, species: SPECIES_ORDER.filter((species) => present.has(species)), cells };
}

export const membersOf = (matrix: BasicDataMatrix, key: string): readonly StayRef[] =>
  matrix.cells.get(key)?.members ?? [];
export const countOf = (matrix: BasicDataMatrix, key: string) => membersOf(matrix, key).length;

/** Which cells a total adds: a section, and any of line, species, age group and outcome group. */
export type CellFilter = {
  section: MatrixSection;
  line?: string;
  species?: Species;
  ageGroup?: SacAgeGroup | "all";
  group?: "live" | "other";
};

/** The cells a filter selects; detail lines only when asked for by name, so totals count rows once. */
export function cellsWhere(matrix: BasicDataMatrix, filter: CellFilter): Cell[] {
  const { section, line, species, ageGroup, group } = filter;
  if (line !== undefined && species !== undefined && ageGroup !== undefined && group === undefined) {
    // One cell, by its key: how a table asks for each of its counts.
    const cell = matrix.cells.get(cellKey(section, line, species, ageGroup));
    return cell ? [cell] : [];
  }
  return [...matrix.cells.values()].filter(
    (cell) =>
      cell.section === filter.section &&
      (filter.line === undefined ? !isDetailLine(cell.line) : cell.line === filter.line) &&
      (filter.species === undefined || cell.species === filter.species) &&
      (filter.ageGroup === undefined || cell.ageGroup === filter.ageGroup) &&
      (filter.group === undefined || groupOfRow(cell.line as SacOutcomeRow) === filter.group),
  );
}

export const totalOf = (matrix: BasicDataMatrix, filter: CellFilter) =>
  cellsWhere(matrix, filter).reduce((sum, cell) => sum + cell.members.length, 0);

/** The stays behind a total: its drill-down. */
export const membersWhere = (matrix: BasicDataMatrix, filter: CellFilter): StayRef[] =>
  cellsWhere(matrix, filter).flatMap((cell) => cell.members);
