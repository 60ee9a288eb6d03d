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
const needsReason = (patch: object) => COUNTED.some((field) => field in patch);
const hasReason = (patch: object) => (patch as { reason?: unknown }).reason !== undefined;

/** A merge patch of `shape`'s fields, with the reason rule above; `noun` names what it corrects. */
function correctionOf<Shape extends z.core.$ZodLooseShape>(id: string, noun: string, shape: Shape) {
  return z
    .strictObject({ ...shape, reason: CorrectionReason.optional() }, objectError)
    .refine((patch) => !needsReason(patch) || hasReason(patch), {
      error: "is required when at, type or subtype is corrected",
      path: ["reason"],
    })
    .refine((patch) => Object.keys(patch).some((field) => field !== "reason"), {
      error: "must correct at least one field",
    })
    .meta({ id, description: `A merge patch of ${noun}; \`reason\` is required for at, type or subtype.` });
}

export const IntakeCorrection = correctionOf("IntakeCorrection", "an intake", {
  at: Moment.optional().meta({ description: "When the animal arrived" }),
  type: IntakeType.optional(),
  subtype: IntakeSubtype.nullable().optional(),
  condition: IntakeCondition.optional(),
  sourceKind: IntakeSourceKind.optional(),
  personal: IntakePersonal.nullable().optional(),
});
export type IntakeCorrection = z.infer<typeof IntakeCorrection>;

export const OutcomeCorrection = correctionOf("OutcomeCorrection", "an outcome", {
  at: Moment.optional().meta({ description: "When the stay ended" }),
  type: OutcomeType.optional(),
  subtype: OutcomeSubtype.nullable().optional(),
  personal: OutcomePersonal.nullable().optional(),
});
export type OutcomeCorrection = z.infer<typeof OutcomeCorrection>;

/** An outcome recorded by mistake is withdrawn, with a reason: the stay is open again. */
export const OutcomeWithdrawal = z
  .strictObject({ reason: CorrectionReason }, objectError)
  .meta({ id: "OutcomeWithdrawal", description: "Withdraws a stay's outcome recorded by mistake." });
export type OutcomeWithdrawal = z.infer<typeof OutcomeWithdrawal>;
