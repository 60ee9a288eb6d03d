import type { IntakeCondition, IntakeSourceKind, IntakeType } from "@/lib/animal-record/intake-types";
import type { MedicalKind } from "@/lib/animal-record/medical-schemas";
import type { OutcomeType } from "@/lib/animal-record/outcome-types";
import type { SacSpecies } from "@/lib/animal-record/sac-species";

/*
 * The record's terms as staff read them in the console. The API's values are Shelter Animals
 * Count's (docs/decisions/248); these are their words, one table per value set.
 */

export const INTAKE_TYPE_WORDS: Record<IntakeType, string> = {
  stray: "Stray / at large",
  relinquished_by_owner: "Relinquished by owner",
  returned_adoption: "Returned adoption",
  owner_intended_euthanasia: "Owner-intended euthanasia",
  transferred_in: "Transferred in from an agency",
  seized_or_impounded: "Seized or impounded",
  other: "Other intake",
};

export const OUTCOME_TYPE_WORDS: Record<OutcomeType, string> = {
  adoption: "Adoption",
  returned_to_owner: "Returned to owner",
  transferred_out: "Transferred to an agency",
  returned_to_field: "Returned to field",
  other_live: "Other live outcome",
  died_in_care: "Died in care",
  lost_in_care: "Lost in care",
  shelter_euthanasia: "Shelter euthanasia",
  owner_intended_euthanasia: "Owner-intended euthanasia",
};

/** Subtypes of intakes and outcomes alike (transfers share theirs). */
export const SUBTYPE_WORDS: Record<string, string> = {
  in_state: "In state",
  out_of_state: "Out of state",
  international: "International",
  born_in_care: "Born in care",
  not_recorded: "Not recorded (created without an intake)",
  other: "Other",
  medical: "Medical",
  behavioral: "Behavioral",
  legal: "Legal",
};

export const CONDITION_WORDS: Record<IntakeCondition, string> = {
  healthy: "Healthy",
  treatable_rehabilitatable: "Treatable – rehabilitatable",
  treatable_manageable: "Treatable – manageable",
  unhealthy_untreatable: "Unhealthy – untreatable",
  not_assessed: "Not assessed",
};

export const SOURCE_KIND_WORDS: Record<IntakeSourceKind, string> = {
  person: "A person",
  agency: "An agency",
  unknown: "Unknown",
};

export const MEDICAL_KIND_WORDS: Record<MedicalKind, string> = {
  vaccination: "Vaccination",
  test: "Test",
  treatment: "Treatment",
};

export const SPECIES_WORDS: Record<SacSpecies, string> = {
  canine: "Canine",
  feline: "Feline",
  rabbit: "Rabbit",
  equine: "Equine",
  small_mammal: "Small mammal",
  farm_animal: "Farm animal",
  bird: "Bird",
  reptile_amphibian: "Reptile or amphibian",
  other: "Other",
};

export const SPAY_NEUTER_WORDS = {
  altered: "Altered (spayed or neutered)",
  unaltered: "Not altered",
  unknown: "Unknown",
};

/** "Transferred in from an agency (out of state)". */
export function typeWords(words: Record<string, string>, type: string, subtype?: string): string {
  const named = words[type] ?? type;
  return subtype ? `${named} (${(SUBTYPE_WORDS[subtype] ?? subtype).toLowerCase()})` : named;
}
