import { SAC_AGE_GROUPS, type SacAgeGroup } from "@/lib/animal-record/sac-age-group";
import { SAC_INTAKE_ROWS, SAC_OUTCOME_ROWS } from "@/lib/animal-record/sac-mapping";
import { TRANSFER_SCOPES } from "@/lib/animal-record/intake-types";
import { totalOf, type BasicDataMatrix, type MatrixSection } from "./basic-data-matrix";
import {
  INTAKE_LINES,
  LIVE_OUTCOME_LINES,
  OTHER_OUTCOME_LINES,
  TRANSFER_IN_ROW,
  TRANSFER_OUT_ROW,
  detailLine,
} from "./matrix-lines";
import type { Species } from "./stay-facts";

/*
 * The matrix as a table a page renders and the JSON export writes: for one species (or all),
 * the census at the beginning and end, then every line with its count by age group and its
 * total, zeros included, in SAC's order; a transfer row followed by its distance lines.
 */

export type LineCounts = Record<SacAgeGroup, number> & { total: number };
export type TableLine = { line: string; label: string; partOf?: string; counts: LineCounts };
export type Census = { inShelter: number; inFoster: number; total: number };
export type MatrixTable = {
  species: Species | "all";
  beginning: Census;
  ending: Census;
  intakes: TableLine[];
  liveOutcomes: TableLine[];
  otherOutcomes: TableLine[];
};

const SCOPE_LABELS: Record<(typeof TRANSFER_SCOPES)[number], string> = {
  in_state: "in state",
  out_of_state: "out of state",
  international: "international",
};

function linesOf(
  matrix: BasicDataMatrix,
  section: MatrixSection,
  rows: readonly string[],
  labels: Record<string, string>,
  transferRow: string,
  species?: Species,
): TableLine[] {
  const countsOf = (line: string): LineCounts => {
    const byAge = Object.fromEntries(
      SAC_AGE_GROUPS.map((ageGroup) => [ageGroup, totalOf(matrix, { section, line, species, ageGroup })]),
    ) as Record<SacAgeGroup, number>;
    return { ...byAge, total: SAC_AGE_GROUPS.reduce((sum, ageGroup) => sum + byAge[ageGroup], 0) };
  };
  return rows.flatMap((row) => {
    const line: TableLine = { line: row, label: labels[row] as string, counts: countsOf(row) };
    if (row !== transferRow) return [line];
    const details = TRANSFER_SCOPES.map((scope) => ({
      line: detailLine(row, scope),
      label: `${labels[row]}: ${SCOPE_LABELS[scope]}`,
      partOf: row,
      counts: countsOf(detailLine(row, scope)),
    }));
    return [line, ...details];
  });
}

function censusOf(matrix: BasicDataMatrix, section: "beginning" | "ending", species?: Species): Census {
  const inShelter = totalOf(matrix, { section, line: "in_shelter", species });
  const inFoster = totalOf(matrix, { section, line: "in_foster", species });
  return { inShelter, inFoster, total: inShelter + inFoster };
}

/** The table of one species, or of all species together when `species` is left out. */
export function matrixTable(matrix: BasicDataMatrix, species?: Species): MatrixTable {
  return {
    species: species ?? "all",
    beginning: censusOf(matrix, "beginning", species),
    ending: censusOf(matrix, "ending", species),
    intakes: linesOf(matrix, "intake", INTAKE_LINES, SAC_INTAKE_ROWS, TRANSFER_IN_ROW, species),
    liveOutcomes: linesOf(matrix, "outcome", LIVE_OUTCOME_LINES, SAC_OUTCOME_ROWS, TRANSFER_OUT_ROW, species),
    otherOutcomes: linesOf(matrix, "outcome", OTHER_OUTCOME_LINES, SAC_OUTCOME_ROWS, TRANSFER_OUT_ROW, species),
  };
}
