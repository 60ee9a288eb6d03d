import { OUTCOME_TYPES } from "@/lib/animal-record/outcome-types";
import {
  SAC_INTAKE_ROWS,
  SAC_OUTCOME_ROWS,
  outcomeGroup,
  sacIntakeRow,
  sacOutcomeRow,
  type SacIntakeRow,
  type SacOutcomeRow,
} from "@/lib/animal-record/sac-mapping";
import { TRANSFER_SCOPES } from "@/lib/animal-record/intake-types";
import type { SacAgeGroup } from "@/lib/animal-record/sac-age-group";
import type { SacSpecies } from "@/lib/animal-record/sac-species";
import type { Stay } from "@/lib/animal-record/stay-schemas";

/*
 * The lines of the Basic Data Matrix, read off lib/animal-record/sac-mapping.ts (one place
 * decides which row a type counts in), with SAC's split of transfers by distance as detail
 * lines under their row: `transferred_in.in_state`. A detail line counts again what its row
 * counts, so totals add rows only.
 */

export type MatrixSection = "intake" | "outcome" | "beginning" | "ending";

/** A cell of the matrix (./basic-data-matrix.ts): `outcome/adoption/canine/adult`. */
export const cellKey = (
  section: MatrixSection,
  line: string,
  species: SacSpecies | "unmapped",
  ageGroup: SacAgeGroup | "all",
) => `${section}/${line}/${species}/${ageGroup}`;

export const INTAKE_LINES = Object.keys(SAC_INTAKE_ROWS) as SacIntakeRow[];
export const OUTCOME_LINES = Object.keys(SAC_OUTCOME_ROWS) as SacOutcomeRow[];

const ROW_GROUP = new Map(OUTCOME_TYPES.map((type) => [sacOutcomeRow(type), outcomeGroup(type)]));
/** Whether an outcome row is a live outcome or one of the others. */
export const groupOfRow = (row: SacOutcomeRow): "live" | "other" => ROW_GROUP.get(row) ?? "other";
export const LIVE_OUTCOME_LINES = OUTCOME_LINES.filter((row) => groupOfRow(row) === "live");
export const OTHER_OUTCOME_LINES = OUTCOME_LINES.filter((row) => groupOfRow(row) === "other");

export type TransferScope = (typeof TRANSFER_SCOPES)[number];
export const TRANSFER_IN_ROW = sacIntakeRow("transferred_in");
export const TRANSFER_OUT_ROW = sacOutcomeRow("transferred_out");
export const detailLine = (row: string, scope: TransferScope) => `${row}.${scope}`;
export const isDetailLine = (line: string) => line.includes(".");

const isScope = (subtype: string | undefined): subtype is TransferScope =>
  (TRANSFER_SCOPES as readonly string[]).includes(subtype ?? "");

/** The intake's row, and its detail line when SAC splits the row. */
export function intakeLinesOf(intake: Stay["intake"]): string[] {
  const row = sacIntakeRow(intake.type);
  return intake.type === "transferred_in" && isScope(intake.subtype) ? [row, detailLine(row, intake.subtype)] : [row];
}

export function outcomeLinesOf(outcome: NonNullable<Stay["outcome"]>): string[] {
  const row = sacOutcomeRow(outcome.type);
  return outcome.type === "transferred_out" && isScope(outcome.subtype)
    ? [row, detailLine(row, outcome.subtype)]
    : [row];
}
