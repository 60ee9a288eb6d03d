import { describe, expect, it } from "vitest";
import { reachableSchemas } from "./reachable-schemas";

const ref = (id: string) => ({ $ref: `#/components/schemas/${id}` });

describe("reachableSchemas", () => {
  const schemas = {
    Pet: { type: "object", properties: { category: ref("Category"), tags: { type: "array", items: ref("Tag") } } },
    Category: { type: "object" },
    Tag: { type: "object", properties: { parent: ref("Tag") } },
    Stay: { type: "object" },
    LoadedByATest: { type: "object", properties: { pet: ref("Pet") } },
  };

  it("keeps what the paths reach, through other components and cycles, and drops the rest", () => {
    const paths = {
      "/pets": { get: { responses: { 200: { content: { "application/json": { schema: ref("Pet") } } } } } },
    };
    expect(Object.keys(reachableSchemas(schemas, [paths])).sort()).toEqual(["Category", "Pet", "Tag"]);
  });

  it("ignores references outside the schemas and schemas nothing names", () => {
    const responses = { NotFound: { $ref: "#/components/responses/Error" }, Other: ref("Missing") };
    expect(reachableSchemas(schemas, [responses])).toEqual({});
  });
});
