import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { openApiDocumentJson } from "@/lib/api/openapi/openapi-document";
import { API_TYPES_FILE, renderApiTypes } from "./render-api-types";

describe("the client's generated API types", () => {
  it("are what the OpenAPI document generates today", { timeout: 30_000 }, async () => {
    const committed = readFileSync(API_TYPES_FILE, "utf8");
    expect(committed, `${API_TYPES_FILE} is out of date with the OpenAPI document: run npm run api:types`).toBe(
      await renderApiTypes(),
    );
  });

  it("name every operation of the document", () => {
    const committed = readFileSync(API_TYPES_FILE, "utf8");
    const document = JSON.parse(openApiDocumentJson()) as { paths: Record<string, Record<string, unknown>> };
    const operationIds = Object.values(document.paths).flatMap((item) =>
      Object.values(item).map((operation) => (operation as { operationId: string }).operationId),
    );
    expect(operationIds.length).toBeGreaterThan(5);
    for (const id of operationIds) expect(committed).toContain(`  ${id}: {`);
  });
});
