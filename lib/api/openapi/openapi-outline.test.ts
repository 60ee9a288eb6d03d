import { describe, expect, it } from "vitest";
import { apiOutline, typeOf } from "./openapi-outline";
import { openApiDocumentJson } from "./openapi-document";

const outline = apiOutline();
const operations = outline.tags.flatMap((tag) => tag.operations);
const operation = (id: string) => operations.find((each) => each.operationId === id)!;

describe("the /docs outline of the OpenAPI document", () => {
  it("lists every operation of the served document once, under its tag", () => {
    const document = JSON.parse(openApiDocumentJson());
    const served = Object.values<Record<string, { operationId: string }>>(document.paths).flatMap((item) =>
      Object.values(item).map((each) => each.operationId),
    );
    expect(operations.map((each) => each.operationId).sort()).toEqual(served.sort());
    expect(outline.tags.find((tag) => tag.name === "pets")!.operations.map((each) => each.operationId)).toEqual([
      "listPets",
      "createPet",
      "getPet",
      "updatePet",
      "listPhotos",
      "uploadPhoto",
      "reorderPhotos",
      "updatePhoto",
      "deletePhoto",
    ]);
  });

  it("writes every type of the served document as text, nullable and constant ones too", () => {
    const types = [
      ...operations.flatMap((each) => [
        ...each.parameters.map((parameter) => parameter.type),
        ...each.responses.map((response) => response.type),
        each.requestBody?.type,
      ]),
      ...outline.schemas.flatMap((schema) => [schema.type, ...schema.properties.map((field) => field.type)]),
    ].filter((type) => type !== undefined);
    expect(types.filter((type) => typeof type !== "string")).toEqual([]);
    expect(typeOf({ type: ["string", "null"], maxLength: 40 })).toBe("string (0 to 40 characters) | null");
    expect(typeOf({ const: "pet.created" })).toBe('"pet.created"');
  });

  it("gives each operation its method, full path, scope and parameters", () => {
    expect(operation("listPets")).toMatchObject({ method: "GET", path: "/pets", scopes: ["pets:read"] });
    expect(outline.server).toBe("/v1");
    expect(operation("listPets").parameters[0]).toEqual({
      name: "limit",
      location: "query",
      required: false,
      type: "integer (1 to 100)",
      description: "Maximum number of animals to return (1 to 100)",
    });
    expect(operation("getPet")).toMatchObject({ deprecated: true, stability: "stable" });
    expect(operation("getMe").scopes).toEqual([]);
  });

  it("names request bodies and resolves shared error answers to their descriptions", () => {
    expect(operation("updatePet").requestBody).toEqual({
      type: "PetPatch",
      mediaTypes: ["application/merge-patch+json", "application/json"],
    });
    const responses = operation("createPet").responses;
    expect(responses[0]).toEqual(expect.objectContaining({ status: "201", type: "Pet" }));
    expect(responses.find((each) => each.status === "401")).toEqual({
      status: "401",
      description: "Missing or invalid API key.",
      type: "Error",
    });
  });

  it("lists each schema with its properties, which are required and their types", () => {
    const newPet = outline.schemas.find((schema) => schema.name === "NewPet")!;
    expect(newPet.properties.map(({ name, required }) => [name, required])).toEqual(
      expect.arrayContaining([
        ["name", true],
        ["categoryId", true],
      ]),
    );
    expect(outline.schemas.find((schema) => schema.name === "Pets")!.type).toBe("Pet[]");
  });
});

describe("typeOf", () => {
  it("says a schema in a few words", () => {
    expect(typeOf({ $ref: "#/components/schemas/Pet" })).toBe("Pet");
    expect(typeOf({ type: "string", enum: ["a", "b"] })).toBe('"a" | "b"');
    expect(typeOf({ type: "integer", minimum: 1, maximum: Number.MAX_SAFE_INTEGER })).toBe("integer (1 to 2^53-1)");
    expect(typeOf({ anyOf: [{ type: "string", maxLength: 5 }, { type: "null" }] })).toBe(
      "string (0 to 5 characters) | null",
    );
    expect(typeOf({})).toBe("any");
  });
});
