import * as z from "zod";
import { PetId } from "@/lib/pets/schemas";
import { CalendarDay } from "./fields";
import { SpayNeuter } from "./health-schemas";
import { SacSpecies } from "./sac-species";
import { MedicalEntryId, MedicalKind, TreatmentItem, TreatmentItemId } from "./medical-schemas";

/*
 * The animal's health record as its `medical.*` events show it (docs/decisions/249, 256): ids,
 * the item, the kind and days. Never notes, lot, result or who gave it, nor a microchip's
 * number or a weight: events reach webhooks, the feed and the audit. Only an entry's object
 * has an `id`, so the audit's `medical:{id}` is always an entry; items and health facts are
 * named by `itemId` and `petId`.
 */

export const MedicalEntryEventObject = z
  .object({
    id: MedicalEntryId,
    petId: PetId,
    itemId: TreatmentItemId,
    kind: MedicalKind,
    givenOn: CalendarDay,
    nextDue: CalendarDay.optional(),
  })
  .meta({ description: "A medical entry: its item, kind and days, without notes, lot, result or who gave it" });

export const TreatmentItemEventObject = TreatmentItem.omit({ id: true })
  .extend({ itemId: TreatmentItemId })
  .meta({ description: "An item of the shelter's medical list" });

export const HealthFactsEventObject = z
  .object({
    petId: PetId,
    spayNeuter: SpayNeuter.optional(),
    microchip: z
      .object({
        status: z.enum(["chipped", "none"]),
        implantedOn: CalendarDay.optional(),
        registeredOn: CalendarDay.optional(),
        scannedOn: CalendarDay.optional(),
      })
      .optional()
      .meta({ description: "The chip's status and days, never its number" }),
  })
  .meta({ description: "An animal's spay/neuter and microchip, without the chip's number" });

export const WeighingEventObject = z
  .object({ petId: PetId, on: CalendarDay })
  .meta({ description: "The day an animal was weighed (the weight is read with medical:read)" });

export const CategorySpeciesEventObject = z
  .object({
    categoryId: z.int().min(1),
    species: SacSpecies,
  })
  .meta({ description: "The SAC species a category is counted under" });
