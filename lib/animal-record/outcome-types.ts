import * as z from "zod";
import { TRANSFER_SCOPES, subtypeProblem } from "./intake-types";

/*
 * How a stay ends, in Shelter Animals Count's Basic Data Matrix terms: five live outcomes and
 * four others (./sac-mapping.ts; docs/decisions/248).
 */

export const OUTCOME_TYPES = [
  "adoption",
  "returned_to_owner",
  "transferred_out",
  "returned_to_field",
  "other_live",
  "died_in_care",
  "lost_in_care",
  "shelter_euthanasia",
  "owner_intended_euthanasia",
] as const;
export const OutcomeType = z.enum(OUTCOME_TYPES, { error: `must be one of ${OUTCOME_TYPES.join(", ")}` }).meta({
  id: "OutcomeType",
  description:
    "How the stay ended (Shelter Animals Count's outcome types): adoption, returned to owner, transferred to an agency, returned to field, other live outcome; died in care, lost in care, shelter euthanasia, owner-intended euthanasia",
});
export type OutcomeType = z.infer<typeof OutcomeType>;

/**
 * Why the shelter euthanised: required with `shelter_euthanasia`. SAC counts one row for every
 * reason; the reason is for the shelter's own review.
 */
export const EUTHANASIA_REASONS = ["medical", "behavioral", "legal", "other"] as const;

/** The subtypes each outcome type takes; a type with none takes no subtype. */
export const OUTCOME_SUBTYPES: Record<OutcomeType, readonly string[]> = {
  adoption: [],
  returned_to_owner: [],
  transferred_out: TRANSFER_SCOPES,
  returned_to_field: [],
  other_live: [],
  died_in_care: [],
  lost_in_care: [],
  shelter_euthanasia: EUTHANASIA_REASONS,
  owner_intended_euthanasia: [],
};

export const outcomeSubtypeProblem = (type: OutcomeType, subtype: string | undefined) =>
  subtypeProblem(type, OUTCOME_SUBTYPES[type], subtype);
