import * as z from "zod";
import { CalendarDay, CorrectionReason, objectError } from "./fields";
import { normalizeMicrochip, readMicrochip } from "./microchip";

/*
 * The animal's health facts that are not treatments: spay/neuter, microchip, weight. Kept
 * per animal, not per stay: a chip and a neuter outlive a return (docs/decisions/249).
 */

/** SAC's reproductive status values: altered, unaltered, unknown. */
export const SPAY_NEUTER_STATUSES = ["altered", "unaltered", "unknown"] as const;
export const SpayNeuter = z
  .strictObject(
    {
      status: z.enum(SPAY_NEUTER_STATUSES, { error: `must be one of ${SPAY_NEUTER_STATUSES.join(", ")}` }),
      on: CalendarDay.optional().meta({ description: "The day of the surgery, when the shelter knows it" }),
    },
    objectError,
  )
  .refine((value) => value.on === undefined || value.status === "altered", {
    error: "is only for an altered animal",
    path: ["on"],
  })
  .meta({ id: "SpayNeuter", description: "Whether the animal is spayed or neutered (altered), and when" });
export type SpayNeuter = z.infer<typeof SpayNeuter>;

export const MicrochipNumber = z
  .string({ error: "must be a microchip number" })
  .max(40, { error: "must be a microchip number" })
  // An overwrite, not a transform: the type stays a string, so the OpenAPI document can show it.
  .overwrite(normalizeMicrochip)
  .superRefine((number, ctx) => {
    const reading = readMicrochip(number);
    if (!reading.ok) ctx.addIssue({ code: "custom", message: reading.problem });
  })
  .meta({
    description:
      "15 digits (ISO 11784/11785: a 3-digit country or manufacturer code, then 12 digits), or an older chip's 9 digits or 10 hexadecimal characters. Spaces, dots and dashes are dropped.",
    examples: ["985112003456789"],
  });

export const Microchip = z
  .discriminatedUnion(
    "status",
    [
      z.strictObject({
        status: z.literal("chipped"),
        number: MicrochipNumber,
        implantedOn: CalendarDay.optional(),
        registeredOn: CalendarDay.optional().meta({
          description: "When the shelter registered itself as the chip's registrant",
        }),
      }),
      z.strictObject({
        status: z.literal("none"),
        scannedOn: CalendarDay.meta({ description: "The day a scan found no chip" }),
      }),
    ],
    { error: "must have status chipped or none" },
  )
  .meta({ id: "Microchip", description: "The animal's chip, or the scan that found none" });
export type Microchip = z.infer<typeof Microchip>;

export const WEIGHT_MAX_KG = 2000;
export const WeightEntry = z
  .strictObject(
    {
      on: CalendarDay,
      kg: z
        .number({ error: "must be a number of kilograms" })
        .positive({ error: "must be more than 0" })
        .max(WEIGHT_MAX_KG, { error: `must be at most ${WEIGHT_MAX_KG}` }),
    },
    objectError,
  )
  .meta({ id: "WeightEntry", description: "The animal's weight on a day, in kilograms" });
export type WeightEntry = z.infer<typeof WeightEntry>;

/** The animal's health facts, as the record keeps them. */
export const HealthFacts = z
  .object({
    spayNeuter: SpayNeuter.optional(),
    microchip: Microchip.optional(),
    weights: z.array(WeightEntry),
  })
  .meta({ id: "HealthFacts", description: "Spay/neuter, microchip and weight history; absent facts are unknown" });
export type HealthFacts = z.infer<typeof HealthFacts>;

/** Changing a recorded fact (a chip number misread, a wrong surgery day) needs a reason. */
export const HealthFactsCorrection = z
  .strictObject(
    {
      spayNeuter: SpayNeuter.nullable().optional(),
      microchip: Microchip.nullable().optional(),
      reason: CorrectionReason.optional(),
    },
    objectError,
  )
  .refine((patch) => patch.spayNeuter !== undefined || patch.microchip !== undefined, {
    error: "must set spayNeuter or microchip",
  })
  .meta({
    id: "HealthFactsCorrection",
    description: "Sets spay/neuter or microchip; a reason when a recorded value changes",
  });
export type HealthFactsCorrection = z.infer<typeof HealthFactsCorrection>;
