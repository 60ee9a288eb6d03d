import * as z from "zod";
import { IntakeCondition, IntakeSourceKind, IntakeType } from "./intake-types";
import { OutcomeType } from "./outcome-types";
import { CorrectionReason, Moment, objectError } from "./fields";
import { IntakePersonal, IntakeSubtype, OutcomePersonal, OutcomeSubtype } from "./stay-schemas";

/*
 * Corrections, as a pet's status correction (docs/decisions/155): a JSON Merge Patch of the
 * fields, and a reason whenever a field SAC counts (when, type, subtype) changes, since that
 * changes a report already sent. Contact details and notes change without one.
 */
const COUNTED = ["at", "type", "subtype"] as const;
const needsReason = (patch: Record<string, unknown>) => COUNTED.some((field) => field in patch);

export const IntakeCorrection = z
  .strictObject(
    {
      at: Moment.optional().meta({ description: "When the animal arrived" }),
      type: IntakeType.optional(),
      subtype: IntakeSubtype.nullable().optional(),
      condition: IntakeCondition.optional(),
      sourceKind: IntakeSourceKind.optional(),
      personal: IntakePersonal.nullable().optional(),
      reason: CorrectionReason.optional(),
    },
    objectError,
  )
  .refine((patch) => !needsReason(patch) || patch.reason !== undefined, {
    error: "is required when at, type or subtype is corrected",
    path: ["reason"],
  })
  .refine((patch) => Object.keys(patch).some((field) => field !== "reason"), {
    error: "must correct at least one field",
  })
  .meta({
    id: "IntakeCorrection",
    description: "A merge patch of an intake; `reason` is required for at, type or subtype.",
  });
export type IntakeCorrection = z.infer<typeof IntakeCorrection>;

export const OutcomeCorrection = z
  .strictObject(
    {
      at: Moment.optional().meta({ description: "When the stay ended" }),
      type: OutcomeType.optional(),
      subtype: OutcomeSubtype.nullable().optional(),
      personal: OutcomePersonal.nullable().optional(),
      reason: CorrectionReason.optional(),
    },
    objectError,
  )
  .refine((patch) => !needsReason(patch) || patch.reason !== undefined, {
    error: "is required when at, type or subtype is corrected",
    path: ["reason"],
  })
  .refine((patch) => Object.keys(patch).some((field) => field !== "reason"), {
    error: "must correct at least one field",
  })
  .meta({
    id: "OutcomeCorrection",
    description: "A merge patch of an outcome; `reason` is required for at, type or subtype.",
  });
export type OutcomeCorrection = z.infer<typeof OutcomeCorrection>;

/** An outcome recorded by mistake is withdrawn, with a reason: the stay is open again. */
export const OutcomeWithdrawal = z
  .strictObject({ reason: CorrectionReason }, objectError)
  .meta({ id: "OutcomeWithdrawal", description: "Withdraws a stay's outcome recorded by mistake." });
export type OutcomeWithdrawal = z.infer<typeof OutcomeWithdrawal>;
