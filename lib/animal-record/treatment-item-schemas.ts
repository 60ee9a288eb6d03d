import * as z from "zod";
import { objectError } from "./fields";
import { RepeatInterval, TreatmentItem } from "./medical-schemas";

/*
 * What a caller sends to keep the shelter's medical list. An item's kind is what it is (a
 * rabies vaccine does not become a test: its entries' lots and results were checked against
 * it), so a change renames it or changes its interval only (docs/decisions/257).
 */

export const NewTreatmentItem = z
  .strictObject(
    {
      name: TreatmentItem.shape.name,
      kind: TreatmentItem.shape.kind,
      repeatEvery: TreatmentItem.shape.repeatEvery,
    },
    objectError,
  )
  .meta({ id: "NewTreatmentItem", description: "An item to add to the shelter's medical list" });
export type NewTreatmentItem = z.infer<typeof NewTreatmentItem>;

export const TreatmentItemChange = z
  .strictObject(
    {
      name: TreatmentItem.shape.name.optional(),
      repeatEvery: RepeatInterval.nullable()
        .optional()
        .meta({ description: "The new interval; null: given once (entries already recorded keep their due days)" }),
    },
    objectError,
  )
  .refine((change) => change.name !== undefined || change.repeatEvery !== undefined, {
    error: "must change name or repeatEvery",
  })
  .meta({ id: "TreatmentItemChange", description: "Renames an item of the list or changes its interval" });
export type TreatmentItemChange = z.infer<typeof TreatmentItemChange>;
