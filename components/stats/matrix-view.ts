import { SAC_AGE_GROUPS, type SacAgeGroup } from "@/lib/animal-record/sac-age-group";
import type { StatsFigures } from "@/lib/stats/figures-json";
import { AGE_GROUP_WORDS } from "./stats-words";

/*
 * The Basic Data Matrix of one species (or all) as the rows a table draws, in SAC's order:
 * the beginning count, live intakes, live outcomes, other outcomes, the ending count; zeros
 * shown; each number with its figure key (lib/stats/figure-key.ts), so the console can link
 * it to the stays behind it.
 */

export type MatrixTableData = StatsFigures["matrix"]["tables"][number];
type MatrixLine = MatrixTableData["intakes"][number];

/** A number in the table and the figure it is: `intake/stray_at_large/canine/adult`. */
export type MatrixNumber = { count: number; figureKey: string };
export type MatrixRow = {
  label: string;
  /** A transfer's distance line: part of the row above, already counted in it. */
  detail?: boolean;
  /** A section's total. */
  isTotal?: boolean;
  /** By age group, in MATRIX_COLUMNS' order; undefined for a census line, counted by species only. */
  byAge?: MatrixNumber[];
  allAges: MatrixNumber;
};
export type MatrixSection = { id: string; heading: string; rows: MatrixRow[] };

/** The age groups the table's columns show, then the total. */
export const MATRIX_COLUMNS: readonly { ageGroup: SacAgeGroup; label: string }[] = SAC_AGE_GROUPS.map((ageGroup) => ({
  ageGroup,
  label: AGE_GROUP_WORDS[ageGroup],
}));

const speciesToken = (table: MatrixTableData) => (table.species === "all" ? "*" : table.species);

function censusSection(table: MatrixTableData, section: "beginning" | "ending", heading: string): MatrixSection {
  const census = table[section];
  const key = (line: string) => `${section}/${line}/${speciesToken(table)}/all`;
  return {
    id: section,
    heading,
    rows: [
      { label: "In the shelter", allAges: { count: census.inShelter, figureKey: key("in_shelter") } },
      { label: "In foster care", allAges: { count: census.inFoster, figureKey: key("in_foster") } },
      { label: "Total", isTotal: true, allAges: { count: census.total, figureKey: key("*") } },
    ],
  };
}

function flowSection(
  table: MatrixTableData,
  lines: readonly MatrixLine[],
  { id, heading, section, group, totalLabel }: FlowSection,
): MatrixSection {
  const species = speciesToken(table);
  const numbers = (line: string, counts: (ageGroup: SacAgeGroup | "total") => number) => ({
    byAge: MATRIX_COLUMNS.map(({ ageGroup }) => ({
      count: counts(ageGroup),
      figureKey: `${section}/${line}/${species}/${ageGroup}`,
    })),
    allAges: { count: counts("total"), figureKey: `${section}/${line}/${species}/*` },
  });
  const rows: MatrixRow[] = lines.map((line) => ({
    label: line.label,
    ...(line.partOf ? { detail: true } : {}),
    ...numbers(line.line, (column) => line.counts[column]),
  }));
  // Distance lines count again what their row counts: the total adds rows only.
  const rowsOnly = lines.filter((line) => !line.partOf);
  const sum = (column: SacAgeGroup | "total") => rowsOnly.reduce((total, line) => total + line.counts[column], 0);
  rows.push({ label: totalLabel, isTotal: true, ...numbers(group, sum) });
  return { id, heading, rows };
}

type FlowSection = {
  id: string;
  heading: string;
  section: "intake" | "outcome";
  /** The figure key's line for the section's total: `*` (every row) or an outcome group. */
  group: string;
  totalLabel: string;
};

/** Every section of the table, in SAC's order. */
export function matrixSections(table: MatrixTableData): MatrixSection[] {
  return [
    censusSection(table, "beginning", "Beginning count"),
    flowSection(table, table.intakes, {
      id: "intakes",
      heading: "Live intakes",
      section: "intake",
      group: "*",
      totalLabel: "Total live intakes",
    }),
    flowSection(table, table.liveOutcomes, {
      id: "live-outcomes",
      heading: "Live outcomes",
      section: "outcome",
      group: "live",
      totalLabel: "Total live outcomes",
    }),
    flowSection(table, table.otherOutcomes, {
      id: "other-outcomes",
      heading: "Other outcomes",
      section: "outcome",
      group: "other",
      totalLabel: "Total other outcomes",
    }),
    censusSection(table, "ending", "Ending count"),
  ];
}
