import * as z from "zod";
import { describe, expect, it } from "vitest";
import { componentSchemas } from "./json-schema";

describe("componentSchemas", () => {
  it("survives two copies of one registered schema, as two route bundles can load", () => {
    const copy = () => z.object({ name: z.string() }).meta({ id: "DuplicateProbe", description: "a probe" });
    z.object({ probe: copy() }).meta({ id: "DuplicateProbeHolderA" });
    z.object({ probe: copy() }).meta({ id: "DuplicateProbeHolderB" });
    const schemas = componentSchemas();
    expect(schemas.DuplicateProbe).toMatchObject({ type: "object", description: "a probe" });
    expect(schemas.DuplicateProbeHolderB).toMatchObject({
      properties: { probe: { $ref: "#/components/schemas/DuplicateProbe" } },
    });
    expect(schemas.DuplicateProbeHolderA).toMatchObject({ properties: { probe: { type: "object" } } });
  });
});
