import { beforeAll, describe, expect, it } from "vitest";
import { keys, type ApiResponse } from "@/tests/api/support/api";
import { checkConformance } from "@/tests/api/support/conformance";
import { loadOpenApi, type OpenApiDocument } from "@/tests/api/support/openapi";

/**
 * The conformance check runs inside every api() call; if it silently passed everything,
 * every other test would lose half its meaning. These cases feed it fabricated responses
 * that break one rule each and require it to object.
 */

let doc: OpenApiDocument;
beforeAll(async () => {
  doc = await loadOpenApi();
});

const pet = { id: 1, name: "Rex", categoryId: 1, status: "available" };

function fake(overrides: Partial<ApiResponse> & { json?: unknown }): ApiResponse {
  const json = "json" in overrides ? overrides.json : [pet];
  const text = overrides.text ?? (json === undefined ? "" : JSON.stringify(json));
  const headers = overrides.headers ?? {
    "content-type": "application/json",
    "x-request-id": "req-1",
    "cache-control": "no-store, no-transform",
  };
  const rawHeaders = Object.entries(headers).flatMap(([name, value]) => [name, String(value)]);
  return { method: "GET", path: "/v1/pets", status: 200, rawHeaders, ...overrides, headers, text, json };
}

describe("the conformance check", () => {
  it("accepts a well-formed list response", async () => {
    await expect(checkConformance(fake({}))).resolves.toBeUndefined();
  });

  it("finds operations by template and not by undocumented methods", () => {
    expect(doc.findOperation("GET", "/v1/pets/5")?.operation.operationId).toBe("getPet");
    expect(doc.findOperation("PUT", "/v1/pets")).toBeUndefined();
    expect(doc.findOperation("GET", "/v1/pets/5/extra")).toBeUndefined();
  });

  it.each<[string, Partial<ApiResponse> & { json?: unknown }]>([
    ["a pet without an id", { json: [{ name: "Rex", categoryId: 1, status: "available" }] }],
    ["a pet with an unknown status", { json: [{ ...pet, status: "adopted" }] }],
    ["a fractional id", { json: [{ ...pet, id: 1.5 }] }],
    ["an undocumented status code", { status: 202 }],
    [
      "an HTML body",
      {
        text: "<html></html>",
        json: undefined,
        headers: { "content-type": "text/html", "x-request-id": "r", "cache-control": "no-store, no-transform" },
      },
    ],
    [
      "a missing X-Request-Id",
      { headers: { "content-type": "application/json", "cache-control": "no-store, no-transform" } },
    ],
    [
      "a cacheable list",
      { headers: { "content-type": "application/json", "x-request-id": "r", "cache-control": "max-age=60" } },
    ],
    ["an error code outside the closed set", { status: 400, json: { code: "bad_thing", message: "x", status: 400 } }],
    ["an error whose status differs", { status: 400, json: { code: "invalid_query", message: "x", status: 422 } }],
    [
      "an error with extra fields",
      { status: 400, json: { code: "invalid_query", message: "x", status: 400, stack: "at x" } },
    ],
    ["a 5xx", { status: 500, json: { code: "internal_error", message: "x", status: 500 } }],
    [
      "an undocumented promised header",
      {
        headers: {
          "content-type": "application/json",
          "x-request-id": "r",
          "cache-control": "no-store, no-transform",
          location: "/v1/pets/1",
        },
      },
    ],
  ])("rejects %s", async (_label, overrides) => {
    await expect(checkConformance(fake(overrides))).rejects.toThrow();
  });

  it("rejects a response that echoes an API key", async () => {
    await expect(checkConformance(fake({ json: [{ ...pet, name: keys()[1] }] }))).rejects.toThrow(/API key/);
  });
});
