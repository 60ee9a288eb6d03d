import * as z from "zod";

/*
 * How an animal arrives, in Shelter Animals Count's Basic Data Matrix terms, with the two
 * kinds SAC folds into its rows kept apart (returned adoption, seized or impounded) so staff
 * see what happened and the count still follows SAC: ./sac-mapping.ts, docs/decisions/248.
 */

export const INTAKE_TYPES = [
  "stray",
  "relinquished_by_owner",
  "returned_adoption",
  "owner_intended_euthanasia",
  "transferred_in",
  "seized_or_impounded",
  "other",
] as const;
export const IntakeType = z.enum(INTAKE_TYPES, { error: `must be one of ${INTAKE_TYPES.join(", ")}` }).meta({
  id: "IntakeType",
  description:
    "How the animal arrived (Shelter Animals Count's intake types): stray/at large, relinquished by owner, an adoption returned, brought by its owner to be euthanised, transferred in from an agency, seized or impounded, or other",
});
export type IntakeType = z.infer<typeof IntakeType>;

/** Where a transfer came from or went to, as SAC splits transfers. */
export const TRANSFER_SCOPES = ["in_state", "out_of_state", "international"] as const;

/** `other` intakes: born in the shelter's care, created before the record existed, or anything else. */
export const OTHER_INTAKE_SUBTYPES = ["born_in_care", "not_recorded", "other"] as const;

/** The subtypes each intake type takes; a type with none takes no subtype. */
export const INTAKE_SUBTYPES: Record<IntakeType, readonly string[]> = {
  stray: [],
  relinquished_by_owner: [],
  returned_adoption: [],
  owner_intended_euthanasia: [],
  transferred_in: TRANSFER_SCOPES,
  seized_or_impounded: [],
  other: OTHER_INTAKE_SUBTYPES,
};

/**
 * The animal's condition when it arrived, in the Asilomar Accords' four categories that
 * shelters reporting to SAC commonly keep, or not yet assessed.
 */
export const INTAKE_CONDITIONS = [
  "healthy",
  "treatable_rehabilitatable",
  "treatable_manageable",
  "unhealthy_untreatable",
  "not_assessed",
] as const;
export const IntakeCondition = z
  .enum(INTAKE_CONDITIONS, { error: `must be one of ${INTAKE_CONDITIONS.join(", ")}` })
  .meta({ id: "IntakeCondition", description: "The animal's condition at intake" });
export type IntakeCondition = z.infer<typeof IntakeCondition>;

/** Who brought it, without naming them: the name and contact are personal data (./party.ts). */
export const INTAKE_SOURCE_KINDS = ["person", "agency", "unknown"] as const;
export const IntakeSourceKind = z
  .enum(INTAKE_SOURCE_KINDS, { error: `must be one of ${INTAKE_SOURCE_KINDS.join(", ")}` })
  .meta({ id: "IntakeSourceKind", description: "Whether a person or an agency brought the animal, or no one knows" });
export type IntakeSourceKind = z.infer<typeof IntakeSourceKind>;

/** The problem with a type and subtype together, or undefined when they fit (intakes and outcomes alike). */
export function subtypeProblem(
  type: string,
  allowed: readonly string[],
  subtype: string | undefined,
): string | undefined {
  if (allowed.length === 0) return subtype === undefined ? undefined : `${type} takes no subtype`;
  if (subtype === undefined) return `${type} needs a subtype: one of ${allowed.join(", ")}`;
  return allowed.includes(subtype) ? undefined : `must be one of ${allowed.join(", ")} for ${type}`;
}

export const intakeSubtypeProblem = (type: IntakeType, subtype: string | undefined) =>
  subtypeProblem(type, INTAKE_SUBTYPES[type], subtype);
