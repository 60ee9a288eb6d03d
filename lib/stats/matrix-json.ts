import * as z from "zod";
import { SacSpecies } from "@/lib/animal-record/sac-species";
import type { BasicDataMatrix } from "./basic-data-matrix";
import { matrixTable } from "./matrix-table";

/*
 * The matrix as JSON (docs/decisions/263): the period, the shelter's zone, then one table for
 * all species and one a species (./matrix-table.ts). Declared with zod and .meta ids so the
 * OpenAPI document can carry it when an operation serves it. Counts only: no ids, no names.
 */

const Count = z.int().min(0);

export const StatsLineCounts = z.object({ up_to_5_months: Count, adult: Count, unknown: Count, total: Count }).meta({
  id: "StatsLineCounts",
  description: "A line's count by SAC age group (age on the intake's or outcome's day), and its total",
});

export const StatsMatrixLine = z
  .object({
    line: z.string().meta({
      description: "The SAC row (stray_at_large, adoption, …) or a transfer's distance line (transferred_in.in_state)",
    }),
    label: z.string().meta({ description: "The row's name in SAC's matrix" }),
    partOf: z
      .string()
      .optional()
      .meta({ description: "For a distance line: the row it splits (already counted in that row)" }),
    counts: StatsLineCounts,
  })
  .meta({ id: "StatsMatrixLine" });

export const StatsCensus = z.object({ inShelter: Count, inFoster: Count, total: Count }).meta({
  id: "StatsCensus",
  description: "Animals in the shelter's care at the end of a day: in the shelter, in foster, and both",
});

export const StatsMatrixTable = z
  .object({
    species: z.union([SacSpecies, z.enum(["unmapped", "all"])]).meta({
      description: "A SAC species; unmapped for categories not yet mapped to one; all for every species together",
    }),
    beginning: StatsCensus.meta({ description: "At the end of the day before the period's first day" }),
    ending: StatsCensus.meta({ description: "At the end of the period's last day" }),
    intakes: z.array(StatsMatrixLine),
    liveOutcomes: z.array(StatsMatrixLine),
    otherOutcomes: z.array(StatsMatrixLine),
  })
  .meta({ id: "StatsMatrixTable", description: "The Basic Data Matrix of one species, or of all" });

export const StatsMatrix = z
  .object({
    period: z.object({
      id: z.string().meta({ examples: ["2026-Q4"] }),
      kind: z.enum(["month", "quarter", "year", "twelve_months", "months"]),
      first: z.string().meta({ format: "date" }),
      last: z.string().meta({ format: "date" }),
      months: z.array(z.string()),
    }),
    timeZone: z.string().meta({ description: "The shelter's IANA time zone: the days moments fall on" }),
    tables: z
      .array(StatsMatrixTable)
      .meta({ description: "All species first, then each species counted, in SAC's order" }),
  })
  .meta({
    id: "StatsMatrix",
    description: "Shelter Animals Count's Basic Data Matrix for a period, counted from the animals' stays",
  });
export type StatsMatrix = z.infer<typeof StatsMatrix>;

export function matrixDocument(matrix: BasicDataMatrix): StatsMatrix {
  const { id, kind, first, last, months } = matrix.period;
  return {
    period: { id, kind, first, last, months: [...months] },
    timeZone: matrix.timeZone,
    tables: [matrixTable(matrix), ...matrix.species.map((species) => matrixTable(matrix, species))],
  };
}
