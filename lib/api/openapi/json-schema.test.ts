import * as z from "zod";
import { describe, expect, it } from "vitest";
import { componentSchemas } from "./json-schema";

describe("componentSchemas", () => {
  it("refers to one component from both copies of a registered schema, as two bundles can load", () => {
    const copy = () => z.object({ name: z.string() }).meta({ id: "DuplicateProbe", description: "a probe" });
    z.object({ probe: copy() }).meta({ id: "DuplicateProbeHolderA" });
    z.object({ probe: copy() }).meta({ id: "DuplicateProbeHolderB" });
    const schemas = componentSchemas();
    expect(schemas.DuplicateProbe).toMatchObject({ type: "object", description: "a probe" });
    expect(schemas.DuplicateProbeHolderB).toMatchObject({
      properties: { probe: { $ref: "#/components/schemas/DuplicateProbe" } },
    });
    // The front server's bundle and Next's each load a copy; which one holds the id depends on
    // which loaded last, and the document must not (the served document's test caught it).
    expect(schemas.DuplicateProbeHolderA).toMatchObject({
      properties: { probe: { $ref: "#/components/schemas/DuplicateProbe" } },
    });
  });
});
