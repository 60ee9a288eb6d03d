import type { StatsFigures } from "@/lib/api-client/stats-api";
import { figureKeys } from "./figure-keys";

/*
 * The Basic Data Matrix of one species as the console lays it out: a section per part of
 * SAC's matrix, a row per line, and each count with the figure key its link opens, so a
 * number and its drill-down come from one place (and are tested together).
 */

export type MatrixTable = StatsFigures["matrix"]["tables"][number];
type MatrixLine = MatrixTable["intakes"][number];

export const MATRIX_AGES = [
  { age: "up_to_5_months", words: "Under 5 months" },
  { age: "adult", words: "Adult" },
  { age: "unknown", words: "Age unknown" },
] as const;
type Age = (typeof MATRIX_AGES)[number]["age"];

/** A count and the figure it is; null where the matrix has no count (a census by age). */
export type MatrixCount = { count: number; key: string } | null;
export type MatrixRow = {
  label: string;
  /** A transfer's distance line: counted again in its row above. */
  detail: boolean;
  total: boolean;
  /** By age group in MATRIX_AGES' order, then the row's total. */
  counts: MatrixCount[];
};
export type MatrixSection = { title: string; rows: MatrixRow[] };

function censusSection(section: "beginning" | "ending", table: MatrixTable): MatrixSection {
  const census = table[section];
  const title = section === "beginning" ? "Beginning count" : "Ending count";
  const row = (label: string, where: "in_shelter" | "in_foster" | "*", count: number, total = false): MatrixRow => ({
    label,
    detail: false,
    total,
    counts: [null, null, null, { count, key: figureKeys.census(section, where, table.species) }],
  });
  return {
    title,
    rows: [
      row("In the shelter", "in_shelter", census.inShelter),
      row("In foster", "in_foster", census.inFoster),
      row(`Total ${title.toLowerCase()}`, "*", census.total, true),
    ],
  };
}

function linesSection(
  title: string,
  totalLabel: string,
  lines: MatrixLine[],
  lineKey: (line: string, age: string) => string,
  totalKey: (age: string) => string,
): MatrixSection {
  const rows: MatrixRow[] = lines.map((line) => ({
    label: line.label,
    detail: line.partOf !== undefined,
    total: false,
    counts: [
      ...MATRIX_AGES.map(({ age }) => ({ count: line.counts[age], key: lineKey(line.line, age) })),
      { count: line.counts.total, key: lineKey(line.line, "*") },
    ],
  }));
  // A distance line counts again what its row counts: totals add rows only.
  const counted = lines.filter((line) => line.partOf === undefined);
  const sum = (age: Age | "total") => counted.reduce((total, line) => total + line.counts[age], 0);
  rows.push({
    label: totalLabel,
    detail: false,
    total: true,
    counts: [
      ...MATRIX_AGES.map(({ age }) => ({ count: sum(age), key: totalKey(age) })),
      { count: sum("total"), key: totalKey("*") },
    ],
  });
  return { title, rows };
}

export function matrixSections(table: MatrixTable): MatrixSection[] {
  const { species } = table;
  const outcomeLine = (line: string, age: string) => figureKeys.line("outcome", line, species, age);
  return [
    censusSection("beginning", table),
    linesSection(
      "Live intakes",
      "Total live intakes",
      table.intakes,
      (line, age) => figureKeys.line("intake", line, species, age),
      (age) => figureKeys.section("intake", species, age),
    ),
    linesSection("Live outcomes", "Total live outcomes", table.liveOutcomes, outcomeLine, (age) =>
      figureKeys.outcomeGroup("live", species, age),
    ),
    linesSection("Other outcomes", "Total other outcomes", table.otherOutcomes, outcomeLine, (age) =>
      figureKeys.outcomeGroup("other", species, age),
    ),
    censusSection("ending", table),
  ];
}
