import * as z from "zod";
import { SacSpecies } from "@/lib/animal-record/sac-species";
import { LIVE_RELEASE_RATE_FORMULA } from "./live-release-rate";
import { StatsMatrix, matrixDocument } from "./matrix-json";
import type { PeriodStatistics } from "./period-statistics";
import { SMALL_COUNT } from "./small-counts";

/*
 * Every figure of a period as the API answers it (GET /v1/stats): the matrix
 * (./matrix-json.ts), the live release rates with their formula, the lengths of stay and the
 * trend, counts only. Each figure's stays are one drill-down away (./figure-key.ts names them).
 */

const Count = z.int().min(0);
const FigureSpecies = z.union([SacSpecies, z.enum(["unmapped", "all"])]);

export const StatsWithheld = z
  .object({
    code: z.enum(["no_animals", "small_count"]),
    message: z.string().meta({ examples: ["Fewer than 10 outcomes counted: shown as counts only"] }),
  })
  .meta({ id: "StatsWithheld", description: "Why a rate or a length of stay is not given: its counts still are" });

export const StatsLiveReleaseRate = z
  .object({
    species: FigureSpecies,
    live: Count.meta({ description: "Live outcomes" }),
    allOutcomes: Count,
    ownerIntendedEuthanasia: Count,
    counted: Count.meta({ description: "All outcomes − owner-intended euthanasia: the denominator" }),
    rate: z.number().min(0).max(1).nullable().meta({ description: "live ÷ counted; null when withheld" }),
    withheld: StatsWithheld.optional(),
  })
  .meta({ id: "StatsLiveReleaseRate" });

export const StatsLengthOfStay = z
  .object({
    species: FigureSpecies,
    count: Count.meta({ description: "Stays whose outcome's day is in the period" }),
    medianDays: z.number().nullable(),
    percentile90Days: z.number().nullable(),
    withheld: StatsWithheld.optional(),
  })
  .meta({
    id: "StatsLengthOfStay",
    description:
      "Days from intake to outcome (to the hundredth, time in foster included) of the animals that left in the period: median and 90th percentile, interpolated as MEDIAN and PERCENTILE.INC do",
  });

export const StatsTrendPoint = z
  .object({ month: z.string().meta({ examples: ["2026-11"] }), intakes: Count, outcomes: Count })
  .meta({ id: "StatsTrendPoint" });

export const StatsFigures = z
  .object({
    matrix: StatsMatrix,
    liveReleaseRate: z.object({
      formula: z.string().meta({ examples: [LIVE_RELEASE_RATE_FORMULA] }),
      minimum: Count.meta({ description: "Below this many outcomes counted a rate is withheld" }),
      figures: z.array(StatsLiveReleaseRate).meta({ description: "All species first, then each species counted" }),
    }),
    lengthOfStay: z.object({
      minimum: Count.meta({ description: "Below this many stays a median or percentile is withheld" }),
      figures: z
        .array(StatsLengthOfStay)
        .meta({ description: "All species first, then each species that had an outcome" }),
    }),
    trend: z
      .array(StatsTrendPoint)
      .meta({ description: "Intakes and outcomes of each month of the period, empty ones too" }),
  })
  .meta({
    id: "StatsFigures",
    description: "Every figure of a period, counted from the animals' stays in the shelter's time zone",
  });
export type StatsFigures = z.infer<typeof StatsFigures>;

export function figuresDocument(statistics: PeriodStatistics): StatsFigures {
  return {
    matrix: matrixDocument(statistics.matrix),
    liveReleaseRate: {
      formula: LIVE_RELEASE_RATE_FORMULA,
      minimum: SMALL_COUNT,
      figures: statistics.liveReleaseRates,
    },
    lengthOfStay: {
      minimum: SMALL_COUNT,
      figures: statistics.lengthsOfStay.map(({ species, count, medianDays, percentile90Days, withheld }) => ({
        species,
        count,
        medianDays,
        percentile90Days,
        ...(withheld ? { withheld } : {}),
      })),
    },
    trend: statistics.trend.map((point) => ({
      month: point.month,
      intakes: point.intakes.length,
      outcomes: point.outcomes.length,
    })),
  };
}

export const StatsMember = z
  .object({
    petId: z.int().min(1),
    stayId: z.int().min(1),
    petName: z.string().meta({ description: "The animal's name, leading to its record" }),
  })
  .meta({ id: "StatsMember" });

export const StatsMembers = z
  .object({
    period: z.string().meta({ examples: ["2025-03"] }),
    cell: z.string().meta({ examples: ["outcome/adoption/canine/adult"] }),
    count: Count.meta({ description: "How many stays the figure counts: the list's length" }),
    members: z.array(StatsMember).meta({ description: "The stays the figure counts, by pet id then stay id" }),
  })
  .meta({ id: "StatsMembers", description: "The animals and stays behind one figure: its drill-down" });
export type StatsMembers = z.infer<typeof StatsMembers>;
