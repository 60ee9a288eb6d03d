import * as z from "zod";
import { PetId } from "@/lib/pets/schemas";
import { INTERVAL_UNITS } from "./calendar-day";
import { CalendarDay, CorrectionReason, NOTES_MAX, lineText, notesText, objectError, recordId } from "./fields";
import { dueProblem } from "./due-rule";

/*
 * Vaccinations, tests and treatments, each naming an item of the list the shelter keeps
 * (rabies, DHPP, FVRCP, FeLV/FIV test, deworming), which also keeps how often it repeats.
 * Medical detail is read and written under its own scopes (docs/decisions/249); adopters see
 * only the summary (./adopter-summary.ts), the calendar feed only the item and animal's name.
 */

export const MEDICAL_KINDS = ["vaccination", "test", "treatment"] as const;
export const MedicalKind = z
  .enum(MEDICAL_KINDS, { error: `must be one of ${MEDICAL_KINDS.join(", ")}` })
  .meta({ id: "MedicalKind", description: "A vaccination, a test, or a treatment (deworming, flea control, …)" });
export type MedicalKind = z.infer<typeof MedicalKind>;

export const TreatmentItemId = recordId("An item of the shelter's medical list", 2);

export const RepeatInterval = z
  .strictObject(
    {
      count: z.int({ error: "must be a whole number" }).min(1, { error: "must be at least 1" }).max(100),
      unit: z.enum(INTERVAL_UNITS, { error: `must be one of ${INTERVAL_UNITS.join(", ")}` }),
    },
    objectError,
  )
  .meta({
    id: "RepeatInterval",
    description: "How long after one is given the next is due",
    examples: [{ count: 1, unit: "years" }],
  });

export const TreatmentItem = z
  .object({
    id: TreatmentItemId,
    name: lineText(100).meta({ examples: ["Rabies"] }),
    kind: MedicalKind,
    repeatEvery: RepeatInterval.optional().meta({ description: "Absent for what is given once" }),
  })
  .meta({ id: "TreatmentItem", description: "An item of the shelter's medical list" });
export type TreatmentItem = z.infer<typeof TreatmentItem>;

export const TEST_RESULTS = ["negative", "positive", "inconclusive"] as const;

export const MedicalEntryId = recordId("The medical entry's id", 11);

const ENTRY_FIELDS = {
  itemId: TreatmentItemId,
  givenOn: CalendarDay.meta({ description: "The day it was given (or the test taken)" }),
  givenBy: lineText(100).meta({ description: "Who gave it: a staff member or a clinic", examples: ["Lakeside Vets"] }),
  lot: lineText(50).optional().meta({ description: "A vaccine's lot (batch) number" }),
  result: z
    .enum(TEST_RESULTS, { error: `must be one of ${TEST_RESULTS.join(", ")}` })
    .optional()
    .meta({
      description: "A test's result",
    }),
  nextDue: CalendarDay.optional().meta({ description: "When the next is due; after `givenOn`" }),
  notes: notesText(NOTES_MAX).optional().meta({ description: "Staff's medical notes: never shown to adopters" }),
};

const dueAfterGiven = (entry: { givenOn?: string; nextDue?: string | null }) =>
  entry.givenOn === undefined || entry.nextDue == null || dueProblem(entry.givenOn, entry.nextDue) === undefined;
const DUE_AFTER_GIVEN = { error: "must be after givenOn", path: ["nextDue"] };

export const NewMedicalEntry = z
  .strictObject(ENTRY_FIELDS, objectError)
  .refine(dueAfterGiven, DUE_AFTER_GIVEN)
  .meta({ id: "NewMedicalEntry", description: "Records a vaccination, test or treatment given" });
export type NewMedicalEntry = z.infer<typeof NewMedicalEntry>;

export const MedicalEntry = z
  .object({ id: MedicalEntryId, petId: PetId, kind: MedicalKind, ...ENTRY_FIELDS })
  .meta({ id: "MedicalEntry", description: "A vaccination, test or treatment in the animal's record" });
export type MedicalEntry = z.infer<typeof MedicalEntry>;

/** A medical record is corrected, never silently edited: every change carries its reason. */
export const MedicalEntryCorrection = z
  .strictObject(
    {
      givenOn: ENTRY_FIELDS.givenOn.optional(),
      givenBy: ENTRY_FIELDS.givenBy.optional(),
      lot: ENTRY_FIELDS.lot.unwrap().nullable().optional(),
      result: ENTRY_FIELDS.result.unwrap().nullable().optional(),
      nextDue: CalendarDay.nullable().optional(),
      notes: ENTRY_FIELDS.notes.unwrap().nullable().optional(),
      reason: CorrectionReason,
    },
    objectError,
  )
  .refine(dueAfterGiven, DUE_AFTER_GIVEN)
  .refine((patch) => Object.keys(patch).some((field) => field !== "reason"), {
    error: "must correct at least one field",
  })
  .meta({ id: "MedicalEntryCorrection", description: "A merge patch of a medical entry, with the reason" });
export type MedicalEntryCorrection = z.infer<typeof MedicalEntryCorrection>;
