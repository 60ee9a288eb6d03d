import type { SacAgeGroup } from "@/lib/animal-record/sac-age-group";
import { totalOf, type BasicDataMatrix, type MatrixSection } from "./basic-data-matrix";
import { csvLine, type CsvValue } from "./csv";
import type { Species } from "./stay-facts";

/*
 * The matrix as CSV in SAC's layout (docs/decisions/263): one line per period and species,
 * one column per field of the monthly document SAC's metrics API takes, its path written with
 * dots, spelled as Animal Shelter Manager's SAC publisher sends it (including SAC's
 * "beginingCount" and "endiningCount"). Counts: `count` is every animal in care, in the
 * shelter or in foster; `fosterAnimalCount` the ones in foster.
 */

const AGES: [SacAgeGroup, string][] = [
  ["up_to_5_months", "upToFiveMonths"],
  ["adult", "adult"],
  ["unknown", "ageUnknown"],
];
const SCOPES: [string, string][] = [
  ["in_state", "inState"],
  ["out_of_state", "outOfState"],
  ["international", "international"],
];
const scoped = (row: string, field: string): [string, string][] =>
  SCOPES.map(([scope, name]) => [`${row}.${scope}`, `${field}.${name}`]);

/** Our line → SAC's field; a row SAC splits by distance appears as its distance lines only. */
export const SAC_INTAKE_FIELDS: [string, string][] = [
  ["stray_at_large", "strayAtLarge"],
  ["relinquished_by_owner", "relinquishedbyOwner"],
  ["owner_intended_euthanasia", "ownerIntendedEuthanasia"],
  ...scoped("transferred_in", "transferredinFromAgency"),
  ["other_intakes", "otherIntakes"],
];
export const SAC_LIVE_OUTCOME_FIELDS: [string, string][] = [
  ["adoption", "adoption"],
  ["returned_to_owner", "returnedToOwner"],
  ...scoped("transferred_to_agency", "transferredToAgency"),
  ["returned_to_field", "returnedToField"],
  ["other_live_outcome", "otherLiveOutcome"],
];
export const SAC_OTHER_OUTCOME_FIELDS: [string, string][] = [
  ["died_in_care", "diedInCare"],
  ["lost_in_care", "lostInCare"],
  ["shelter_euthanasia", "shelterEuthanasia"],
  ["owner_intended_euthanasia", "ownerIntendedEuthanasia"],
];

/** SAC spells one species differently; "other" and "unmapped" have no SAC species and keep their names. */
const SAC_SPECIES_NAME: Partial<Record<Species, string>> = { reptile_amphibian: "reptile_or_amphibian" };

type Column = { header: string; value: (matrix: BasicDataMatrix, species: Species) => CsvValue };

const census = (section: "beginning" | "ending", species: Species, matrix: BasicDataMatrix, line?: string) =>
  line
    ? totalOf(matrix, { section, line, species })
    : totalOf(matrix, { section, line: "in_shelter", species }) +
      totalOf(matrix, { section, line: "in_foster", species });

const flowColumns = (section: MatrixSection, prefix: string, fields: [string, string][]): Column[] =>
  AGES.flatMap(([ageGroup, age]) =>
    fields.map(([line, field]) => ({
      header: `${prefix}.${age}.${field}`,
      value: (matrix: BasicDataMatrix, species: Species) => totalOf(matrix, { section, line, species, ageGroup }),
    })),
  );

export const SAC_MATRIX_COLUMNS: readonly Column[] = [
  { header: "period", value: (matrix) => matrix.period.id },
  { header: "species", value: (_, species) => SAC_SPECIES_NAME[species] ?? species },
  { header: "animalCounts.beginingCount.count", value: (matrix, species) => census("beginning", species, matrix) },
  {
    header: "animalCounts.beginingCount.fosterAnimalCount",
    value: (matrix, species) => census("beginning", species, matrix, "in_foster"),
  },
  { header: "animalCounts.endiningCount.count", value: (matrix, species) => census("ending", species, matrix) },
  {
    header: "animalCounts.endiningCount.fosterAnimalCount",
    value: (matrix, species) => census("ending", species, matrix, "in_foster"),
  },
  ...flowColumns("intake", "liveIntake", SAC_INTAKE_FIELDS),
  ...flowColumns("outcome", "outComes.liveOutcomes", SAC_LIVE_OUTCOME_FIELDS),
  ...flowColumns("outcome", "outComes.otherOutcomes", SAC_OTHER_OUTCOME_FIELDS),
];

/** The header, then a line per species of each matrix (a year as twelve monthly matrices gives SAC's monthly lines). */
export function sacMatrixCsv(matrices: readonly BasicDataMatrix[]): string {
  let csv = csvLine(SAC_MATRIX_COLUMNS.map((column) => column.header));
  for (const matrix of matrices) {
    for (const species of matrix.species) {
      csv += csvLine(SAC_MATRIX_COLUMNS.map((column) => column.value(matrix, species)));
    }
  }
  return csv;
}
