import { addDays } from "@/lib/animal-record/calendar-day";
import type { SacAgeGroup } from "@/lib/animal-record/sac-age-group";
import type { SacOutcomeRow } from "@/lib/animal-record/sac-mapping";
import { groupOfRow, intakeLinesOf, isDetailLine, outcomeLinesOf } from "./matrix-lines";
import type { Period } from "./period";
import { SPECIES_ORDER, whereAtEndOf, type Species, type StayFacts, type StayRef } from "./stay-facts";

/*
 * SAC's Basic Data Matrix for a period (docs/statistics.md): intakes and outcomes by line,
 * species and age group, summed over the period's months (each stay counted in the month of
 * its intake's or outcome's day, in the shelter's zone); the animals in care at the period's
 * beginning (the end of the day before its first day: the first month's beginning) and at its
 * end (the end of its last day: the last month's ending), in the shelter and in foster.
 * Every cell keeps the stays it counts, so each figure drills down to its animals.
 */

export type MatrixSection = "intake" | "outcome" | "beginning" | "ending";

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

export const cellKey = (section: MatrixSection, line: string, species: Species, ageGroup: SacAgeGroup | "all") =>
  `${section}/${line}/${species}/${ageGroup}`;

/** Builds the matrix from the stays' facts (./stay-facts.ts) in one pass. */
export function basicDataMatrix(facts: readonly StayFacts[], period: Period, timeZone: string): BasicDataMatrix {
  const cells = new Map<string, Cell>();
  const add = (section: MatrixSection, line: string, species: Species, ageGroup: SacAgeGroup | "all", ref: StayRef) => {
    const key = cellKey(section, line, species, ageGroup);
    let cell = cells.get(key);
    if (!cell) cells.set(key, (cell = { key, section, line, species, ageGroup, members: [] }));
    cell.members.push(ref);
  };
  const within = (day: string | undefined) => day !== undefined && day >= period.first && day <= period.last;
  // The end of the day before the first day is the beginning; the end of the last day, the ending.
  const census = [
    ["beginning", addDays(period.first, -1)],
    ["ending", period.last],
  ] as const;

  for (const each of facts) {
    const { ref, species, stay } = each;
    if (within(each.intakeDay)) {
      for (const line of intakeLinesOf(stay.intake)) add("intake", line, species, each.intakeAge, ref);
    }
    if (stay.outcome && within(each.outcomeDay)) {
      for (const line of outcomeLinesOf(stay.outcome)) add("outcome", line, species, each.outcomeAge!, ref);
    }
    for (const [section, day] of census) {
      const where = whereAtEndOf(each, day);
      if (where !== "not_in_care") add(section, where === "foster" ? "in_foster" : "in_shelter", species, "all", ref);
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
