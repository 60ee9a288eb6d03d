import type { IntakeType } from "./intake-types";
import type { OutcomeType } from "./outcome-types";

/*
 * The rows of Shelter Animals Count's Basic Data Matrix that our intake and outcome types
 * count in (docs/decisions/248 cites the definitions followed).
 */

export const SAC_INTAKE_ROWS = {
  stray_at_large: "Stray/At Large",
  relinquished_by_owner: "Relinquished by Owner",
  owner_intended_euthanasia: "Owner-Intended Euthanasia",
  transferred_in: "Transferred in from Agency",
  other_intakes: "Other Intakes",
} as const;
export type SacIntakeRow = keyof typeof SAC_INTAKE_ROWS;

const INTAKE_ROW: Record<IntakeType, SacIntakeRow> = {
  stray: "stray_at_large",
  relinquished_by_owner: "relinquished_by_owner",
  // The matrix counts adoption returns as owner relinquishment.
  returned_adoption: "relinquished_by_owner",
  owner_intended_euthanasia: "owner_intended_euthanasia",
  transferred_in: "transferred_in",
  // Cruelty impounds and protective custody are "Other Intakes" in the matrix.
  seized_or_impounded: "other_intakes",
  other: "other_intakes",
};

export const sacIntakeRow = (type: IntakeType): SacIntakeRow => INTAKE_ROW[type];

export const SAC_OUTCOME_ROWS = {
  adoption: "Adoption",
  returned_to_owner: "Returned to Owner",
  transferred_to_agency: "Transferred to another Agency",
  returned_to_field: "Returned to Field",
  other_live_outcome: "Other Live Outcome",
  died_in_care: "Died in Care",
  lost_in_care: "Lost in Care",
  shelter_euthanasia: "Shelter Euthanasia",
  owner_intended_euthanasia: "Owner-Intended Euthanasia",
} as const;
export type SacOutcomeRow = keyof typeof SAC_OUTCOME_ROWS;

const OUTCOME_ROW: Record<OutcomeType, SacOutcomeRow> = {
  adoption: "adoption",
  returned_to_owner: "returned_to_owner",
  transferred_out: "transferred_to_agency",
  returned_to_field: "returned_to_field",
  other_live: "other_live_outcome",
  died_in_care: "died_in_care",
  lost_in_care: "lost_in_care",
  shelter_euthanasia: "shelter_euthanasia",
  owner_intended_euthanasia: "owner_intended_euthanasia",
};

export const sacOutcomeRow = (type: OutcomeType): SacOutcomeRow => OUTCOME_ROW[type];

const LIVE: ReadonlySet<OutcomeType> = new Set([
  "adoption",
  "returned_to_owner",
  "transferred_out",
  "returned_to_field",
  "other_live",
]);

/** The matrix's two outcome groups: live outcomes, and the others (deaths, losses, euthanasia). */
export function outcomeGroup(type: OutcomeType): "live" | "other" {
  return LIVE.has(type) ? "live" : "other";
}
