import * as z from "zod";
import { CalendarDay, CorrectionReason, NOTES_MAX, notesText, objectError, recordId } from "./fields";
import { Party } from "./party";

/*
 * A foster placement: the animal lives with a foster carer from one day until another, and is
 * still in the shelter's care (SAC counts it "in foster", not as an outcome: docs/decisions/248).
 * Days are half-open: `from` is the first day in foster, `until` the day it came back, so
 * placements that meet (one ends on the day the next begins) do not overlap.
 */

export const PlacementId = recordId("The foster placement's id", 5);

export const PlacementPersonal = z
  .strictObject({ carer: Party, notes: notesText(NOTES_MAX).optional() }, objectError)
  .meta({ id: "PlacementPersonal", description: "The foster carer and staff notes. Personal data: erasable." });
export type PlacementPersonal = z.infer<typeof PlacementPersonal>;

const untilAfterFrom = (placement: { from?: string; until?: string | null }) =>
  placement.from === undefined || placement.until == null || placement.until >= placement.from;
const UNTIL_BEFORE_FROM = { error: "must not be before from", path: ["until"] };

export const NewPlacement = z
  .strictObject(
    {
      from: CalendarDay.meta({ description: "The first day in foster" }),
      until: CalendarDay.optional().meta({ description: "The day the animal came back; absent while in foster" }),
      personal: PlacementPersonal,
    },
    objectError,
  )
  .refine(untilAfterFrom, UNTIL_BEFORE_FROM)
  .meta({ id: "NewPlacement", description: "Places the animal of an open stay in a foster home." });
export type NewPlacement = z.infer<typeof NewPlacement>;

export const FosterPlacement = z
  .object({
    id: PlacementId,
    from: CalendarDay,
    until: CalendarDay.optional(),
    /** Absent once erased. */
    personal: PlacementPersonal.optional(),
  })
  .meta({ id: "FosterPlacement", description: "A time in a foster home during a stay." });
export type FosterPlacement = z.infer<typeof FosterPlacement>;

/**
 * Ending a placement (setting `until` where there was none) is the daily work; moving a day
 * already recorded is a correction and needs a reason (./foster-rules.ts decides which).
 */
export const PlacementChange = z
  .strictObject(
    {
      from: CalendarDay.optional(),
      until: CalendarDay.nullable().optional(),
      personal: PlacementPersonal.optional(),
      reason: CorrectionReason.optional(),
    },
    objectError,
  )
  .refine(untilAfterFrom, UNTIL_BEFORE_FROM)
  .refine((patch) => Object.keys(patch).some((field) => field !== "reason"), {
    error: "must change at least one field",
  })
  .meta({ id: "PlacementChange", description: "A merge patch of a placement: end it, or correct it with a reason." });
export type PlacementChange = z.infer<typeof PlacementChange>;
