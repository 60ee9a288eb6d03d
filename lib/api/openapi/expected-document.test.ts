import { describe, expect, it } from "vitest";
import { expectedOpenApiDocument } from "./expected-document";
import { openApiDocumentJson } from "./openapi-document";

describe("the OpenAPI document", () => {
  it("is the baseline document with the intended changes and no others", () => {
    expect(JSON.parse(openApiDocumentJson())).toEqual(expectedOpenApiDocument());
  });
});
