import * as z from "zod";
import { PetId } from "@/lib/pets/schemas";
import { FosterPlacement } from "./foster-schemas";
import { Intake, Outcome, StayId } from "./stay-schemas";

/**
 * A stay as its events show it (`staySummary`): ids, types and times, never a `personal` part
 * (who brought the animal, who took it, notes): events reach webhooks and the feed
 * (docs/decisions/250, 251).
 */
export const StayEventObject = z
  .object({
    id: StayId,
    petId: PetId,
    intake: Intake.omit({ personal: true }),
    outcome: Outcome.omit({ personal: true }).optional(),
    placements: z.array(FosterPlacement.omit({ personal: true })),
  })
  .meta({ description: "An animal's stay, without who brought or took the animal and without notes" });

/** The fields a correction changed, by name; `private` stands for the personal part, never shown. */
export const ChangedFields = z.array(z.string()).meta({
  description: "The fields changed, never their values; `private` stands for a stay's personal part",
});

/** What a stay.corrected event adds: which part and which of its fields. */
export const StayCorrection = {
  part: z.enum(["intake", "outcome"]).meta({ description: "The part of the stay corrected" }),
  fields: ChangedFields,
};
