import * as z from "zod";
import { PetId } from "@/lib/pets/schemas";
import { OrderId } from "@/lib/orders/schemas";
import { Moment, NOTES_MAX, notesText, objectError, recordId } from "./fields";
import { Party } from "./party";
import { INTAKE_SUBTYPES, IntakeCondition, IntakeSourceKind, IntakeType, intakeSubtypeProblem } from "./intake-types";
import { OUTCOME_SUBTYPES, OutcomeType, outcomeSubtypeProblem } from "./outcome-types";
import { FosterPlacement } from "./foster-schemas";

/*
 * A stay: one intake, at most one outcome, and where the animal was in between (its foster
 * placements). Declared once; the stores, operations, forms and OpenAPI document derive from
 * these. What names people (who brought it, who took it, free notes) is only ever in a
 * `personal` part, which events, logs and metrics never carry (docs/decisions/191, 250).
 */

export const StayId = recordId("The stay's id, assigned when its intake is recorded", 3);

const allOf = (table: Record<string, readonly string[]>) => [...new Set(Object.values(table).flat())];
export const IntakeSubtype = z
  .enum(allOf(INTAKE_SUBTYPES) as [string, ...string[]], { error: "must be a known intake subtype" })
  .meta({
    description: "transferred_in: in_state, out_of_state or international; other: born_in_care, not_recorded or other",
  });
export const OutcomeSubtype = z
  .enum(allOf(OUTCOME_SUBTYPES) as [string, ...string[]], { error: "must be a known outcome subtype" })
  .meta({
    description:
      "transferred_out: in_state, out_of_state or international; shelter_euthanasia: its reason, medical, behavioral, legal or other",
  });

export const IntakePersonal = z
  .strictObject({ source: Party.optional(), notes: notesText(NOTES_MAX).optional() }, objectError)
  .meta({ id: "IntakePersonal", description: "Who brought the animal and staff notes. Personal data: erasable." });
export type IntakePersonal = z.infer<typeof IntakePersonal>;

const INTAKE_FIELDS = {
  at: Moment.meta({ description: "When the animal arrived" }),
  type: IntakeType,
  subtype: IntakeSubtype.optional(),
  condition: IntakeCondition,
  sourceKind: IntakeSourceKind,
};

type IntakeShape = {
  type: IntakeType;
  subtype?: string;
  sourceKind: string;
  personal?: IntakePersonal | undefined;
};
function checkIntake(intake: IntakeShape, ctx: z.RefinementCtx) {
  const problem = intakeSubtypeProblem(intake.type, intake.subtype);
  if (problem) ctx.addIssue({ code: "custom", path: ["subtype"], message: problem });
  if (intake.personal?.source && intake.sourceKind === "unknown") {
    ctx.addIssue({ code: "custom", path: ["sourceKind"], message: "must be person or agency when a source is named" });
  }
}

export const NewIntake = z
  .strictObject({ ...INTAKE_FIELDS, personal: IntakePersonal.optional() }, objectError)
  .superRefine(checkIntake)
  .meta({ id: "NewIntake", description: "Recording an intake opens the animal's stay." });
export type NewIntake = z.infer<typeof NewIntake>;

export const Intake = z
  .object({ ...INTAKE_FIELDS, personal: IntakePersonal.optional() })
  .meta({ id: "Intake", description: "How and when the animal arrived." });
export type Intake = z.infer<typeof Intake>;

export const OutcomePersonal = z
  .strictObject({ destination: Party.optional(), notes: notesText(NOTES_MAX).optional() }, objectError)
  .meta({ id: "OutcomePersonal", description: "Who took the animal and staff notes. Personal data: erasable." });
export type OutcomePersonal = z.infer<typeof OutcomePersonal>;

const OUTCOME_FIELDS = {
  at: Moment.meta({ description: "When the stay ended" }),
  type: OutcomeType,
  subtype: OutcomeSubtype.optional(),
  orderId: OrderId.optional().meta({
    description: "The delivered order of an adoption (the existing flow records it)",
  }),
};

function checkOutcome(outcome: { type: OutcomeType; subtype?: string; orderId?: number }, ctx: z.RefinementCtx) {
  const problem = outcomeSubtypeProblem(outcome.type, outcome.subtype);
  if (problem) ctx.addIssue({ code: "custom", path: ["subtype"], message: problem });
  if (outcome.orderId !== undefined && outcome.type !== "adoption") {
    ctx.addIssue({ code: "custom", path: ["orderId"], message: "belongs to an adoption only" });
  }
}

export const NewOutcome = z
  .strictObject({ ...OUTCOME_FIELDS, personal: OutcomePersonal.optional() }, objectError)
  .superRefine(checkOutcome)
  .meta({ id: "NewOutcome", description: "Recording an outcome ends the animal's open stay." });
export type NewOutcome = z.infer<typeof NewOutcome>;

export const Outcome = z
  .object({ ...OUTCOME_FIELDS, personal: OutcomePersonal.optional() })
  .meta({ id: "Outcome", description: "How and when the stay ended." });
export type Outcome = z.infer<typeof Outcome>;

export const Stay = z
  .object({
    id: StayId,
    petId: PetId,
    intake: Intake,
    outcome: Outcome.optional(),
    placements: z.array(FosterPlacement).meta({
      description: "Where the animal was: in foster during these placements, in the shelter the rest of the stay",
    }),
  })
  .meta({ id: "Stay", description: "One stay of an animal in the shelter's care: open until it has an outcome." });
export type Stay = z.infer<typeof Stay>;

function withoutPersonal<T extends { personal?: unknown }>(value: T): Omit<T, "personal"> {
  const copy = { ...value };
  delete copy.personal;
  return copy;
}

/** What events and the audit carry of a stay: ids, types and times, never a `personal` part. */
export function staySummary(stay: Stay) {
  return {
    id: stay.id,
    petId: stay.petId,
    intake: withoutPersonal(stay.intake),
    ...(stay.outcome ? { outcome: withoutPersonal(stay.outcome) } : {}),
    placements: stay.placements.map(withoutPersonal),
  };
}
export type StaySummary = ReturnType<typeof staySummary>;

/** A returned adoption opens a new stay: when, in what condition, and (personal) who brought it back. */
export const NewReturn = z
  .strictObject(
    {
      at: INTAKE_FIELDS.at,
      condition: IntakeCondition,
      personal: IntakePersonal.optional(),
    },
    objectError,
  )
  .meta({ id: "NewReturn", description: "An adopted animal brought back: opens a stay of type returned_adoption." });
export type NewReturn = z.infer<typeof NewReturn>;
