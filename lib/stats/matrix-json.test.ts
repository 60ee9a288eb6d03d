import { describe, expect, it } from "vitest";
import * as z from "zod";
import { basicDataMatrix } from "./basic-data-matrix";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";
import * as json from "./matrix-json";
import { StatsMatrix, matrixDocument } from "./matrix-json";
import { PeriodId, periodOf } from "./period";
import { stayFactsOf } from "./stay-facts";

const zone = KNOWN_ANSWER_TIME_ZONE;
const year = basicDataMatrix(stayFactsOf(KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, zone), periodOf("2025"), zone);

describe("the matrix as JSON", () => {
  const document = matrixDocument(year);

  it("is what its schema says", () => {
    expect(StatsMatrix.parse(document)).toEqual(document);
  });

  it("gives the period, the zone, and a table for all species then each", () => {
    expect(document.period).toEqual({
      id: "2025",
      kind: "year",
      first: "2025-01-01",
      last: "2025-12-31",
      months: periodOf("2025").months,
    });
    expect(document.timeZone).toBe("America/Los_Angeles");
    expect(document.tables.map((table) => table.species)).toEqual(["all", "canine", "feline", "rabbit"]);
    const dogs = document.tables[1]!;
    expect(dogs.beginning).toEqual({ inShelter: 2, inFoster: 1, total: 3 });
    expect(dogs.liveOutcomes[0]).toEqual({
      line: "adoption",
      label: "Adoption",
      counts: { up_to_5_months: 0, adult: 3, unknown: 0, total: 3 },
    });
    expect(dogs.intakes.find((line) => line.line === "transferred_in.in_state")).toEqual({
      line: "transferred_in.in_state",
      label: "Transferred in from Agency: in state",
      partOf: "transferred_in",
      counts: { up_to_5_months: 0, adult: 1, unknown: 0, total: 1 },
    });
  });

  it("holds counts only: no pet or stay id", () => {
    expect(JSON.stringify(document)).not.toMatch(/petId|stayId|members/);
  });

  it("registers its schemas with the ids the OpenAPI document will name them by", () => {
    const registered = (Object.values({ ...json, PeriodId }) as unknown[]).filter(
      (value): value is z.ZodType => value instanceof z.ZodType && z.globalRegistry.get(value)?.id !== undefined,
    );
    expect(registered.map((schema) => z.globalRegistry.get(schema)?.id).sort()).toEqual([
      "StatsCensus",
      "StatsLineCounts",
      "StatsMatrix",
      "StatsMatrixLine",
      "StatsMatrixTable",
      "StatsPeriod",
    ]);
    for (const io of ["input", "output"] as const) {
      for (const schema of registered) expect(() => z.toJSONSchema(schema, { io })).not.toThrow();
    }
  });
});
