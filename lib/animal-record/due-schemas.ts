import * as z from "zod";
import { PetId } from "@/lib/pets/schemas";
import { CalendarDay } from "./fields";
import { MedicalKind, TreatmentItemId } from "./medical-schemas";

/*
 * The due list's answer over /v1 (getDueList): ./due-list.ts's DueItem and DueList as zod
 * schemas, for the OpenAPI document and the console's parsing. The day is the shelter's
 * (config.timeZone), named in the answer so a client in another zone reads it right.
 */

export const DueItem = z
  .object({
    petId: PetId,
    petName: z.string().meta({ description: "The animal's name", examples: ["Rex"] }),
    itemId: TreatmentItemId,
    itemName: z.string().meta({ description: "The treatment's name on the shelter's list", examples: ["Rabies"] }),
    kind: MedicalKind,
    due: CalendarDay.meta({ description: "The day it is due, in the shelter's time zone" }),
    where: z.enum(["shelter", "foster"]).meta({ description: "Where the animal is today" }),
  })
  .meta({ id: "DueItem", description: "A vaccination, test or treatment due for an animal in care" });
export type DueItem = z.infer<typeof DueItem>;

export const DueList = z
  .object({
    today: CalendarDay.meta({ description: "Today in the shelter's time zone (PETSTORE_TIME_ZONE)" }),
    overdue: z.array(DueItem).meta({ description: "Due before today, earliest first" }),
    thisWeek: z.array(DueItem).meta({ description: "Due today or in the six days after it, earliest first" }),
  })
  .meta({
    id: "DueList",
    description:
      "What is overdue and what is due this week for the animals in care (in the shelter or in foster); for each animal and item only the latest entry's next due day counts.",
  });
export type DueList = z.infer<typeof DueList>;
