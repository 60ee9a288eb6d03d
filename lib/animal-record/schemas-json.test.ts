import * as z from "zod";
import { describe, expect, it } from "vitest";
import * as foster from "./foster-schemas";
import * as health from "./health-schemas";
import * as medical from "./medical-schemas";
import * as stay from "./stay-schemas";
import * as stayCorrections from "./stay-correction-schemas";
import { AdopterHealthSummary } from "./adopter-summary";
import { SacAgeGroup } from "./sac-age-group";
import { SacSpecies } from "./sac-species";

/*
 * The OpenAPI document is generated from every schema registered with an id
 * (lib/api/openapi/json-schema.ts): one that JSON Schema cannot show (a transform that
 * changes the type) would stop the whole document, not only this resource's part.
 */
const modules = [foster, health, medical, stay, stayCorrections, { AdopterHealthSummary, SacAgeGroup, SacSpecies }];
const registered = modules
  .flatMap((module) => Object.values(module))
  .filter((value): value is z.ZodType => value instanceof z.ZodType && z.globalRegistry.get(value)?.id !== undefined);

describe("the record's schemas", () => {
  it("are registered with the ids the OpenAPI document names them by", () => {
    expect(registered.map((schema) => z.globalRegistry.get(schema)?.id)).toEqual(
      expect.arrayContaining(["Stay", "NewIntake", "NewOutcome", "FosterPlacement", "MedicalEntry", "Microchip"]),
    );
  });

  it.each(["input", "output"] as const)("convert to JSON Schema as %s", (io) => {
    for (const schema of registered) {
      expect(() => z.toJSONSchema(schema, { io }), z.globalRegistry.get(schema)?.id).not.toThrow();
    }
  });

  it("show a microchip number as the string it is sent as", () => {
    type Json = { $defs: { Microchip: { oneOf: { properties: object }[] } } };
    const json = z.toJSONSchema(health.Microchip, { io: "output" }) as unknown as Json;
    expect(json.$defs.Microchip.oneOf[0]?.properties).toMatchObject({ number: { type: "string", maxLength: 40 } });
  });
});
