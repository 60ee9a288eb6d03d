import { describe, expect, it } from "vitest";
import { apiOutline, outlineOf } from "./outline";

describe("the API outline", () => {
  it("lists every operation of the served document under its tag, with its parameters and scope", () => {
    const outline = apiOutline();
    const operations = outline.tags.flatMap((tag) => tag.operations);
    const listPets = operations.find((operation) => operation.id === "listPets")!;
    expect(listPets).toMatchObject({ method: "GET", path: "/pets", stability: "stable", scopes: ["pets:read"] });
    expect(listPets.parameters.map((parameter) => parameter.name)).toEqual(
      expect.arrayContaining(["limit", "status", "q"]),
    );
    const getPet = operations.find((operation) => operation.id === "getPet")!;
    expect(getPet.deprecated).toBe(true);
    expect(getPet.parameters).toContainEqual({ name: "petId", in: "path", required: true });
    expect(outline.tags.find((tag) => tag.name === "pets")!.operations).toContain(listPets);
    expect(outline.schemas.find((schema) => schema.name === "Pet")!.properties).toEqual(
      expect.arrayContaining(["id", "name", "status"]),
    );
  });

  it("follows $refs to shared parameters, path-level ones included, and files untagged operations apart", () => {
    const outline = outlineOf({
      tags: [{ name: "pets", description: "Animals" }],
      paths: {
        "/pets/{petId}": {
          parameters: [{ $ref: "#/components/parameters/PetId" }],
          get: { operationId: "getPet", tags: ["pets"], summary: "One" },
          delete: { operationId: "dropPet" },
        },
      },
      components: {
        parameters: { PetId: { name: "petId", in: "path", required: true } },
        schemas: { Empty: { type: "object" } },
      },
    });
    expect(outline.tags.map((tag) => [tag.name, tag.operations.map((operation) => operation.id)])).toEqual([
      ["pets", ["getPet"]],
      ["other", ["dropPet"]],
    ]);
    expect(outline.tags[0]!.operations[0]!.parameters).toEqual([{ name: "petId", in: "path", required: true }]);
    expect(outline.schemas).toEqual([{ name: "Empty", properties: [] }]);
  });
});
