import { describe, expect, it } from "vitest";
import { api, expectError, header, type ApiOptions } from "@/tests/api/support/api";
import { REQUEST_ID } from "@/tests/api/support/conformance";

const PETS_ALLOW = "GET, HEAD, POST, OPTIONS";
const PET_ALLOW = "GET, HEAD, PATCH, OPTIONS";

describe("wrong methods give 405 method_not_allowed with Allow", () => {
  const cases: [string, string, string][] = [
    ["PUT", "/v1/pets", PETS_ALLOW],
    ["PATCH", "/v1/pets", PETS_ALLOW],
    ["DELETE", "/v1/pets", PETS_ALLOW],
    ["POST", "/v1/pets/1", PET_ALLOW],
    ["PUT", "/v1/pets/1", PET_ALLOW],
    ["DELETE", "/v1/pets/1", PET_ALLOW],
  ];

  it.each(cases)("%s %s without a key", async (method, path, allow) => {
    const response = await api(path, { method, key: null });
    expectError(response, 405, "method_not_allowed");
    expect(header(response, "allow")).toBe(allow);
  });

  it.each(cases)("%s %s with a key and a JSON body", async (method, path, allow) => {
    const response = await api(path, { method, json: { name: "x", categoryId: 1 } });
    expectError(response, 405, "method_not_allowed");
    expect(header(response, "allow")).toBe(allow);
  });

  it("a wrong method on a malformed pet id is still 405", async () => {
    const response = await api("/v1/pets/abc", { method: "DELETE", key: null });
    expectError(response, 405, "method_not_allowed");
    expect(header(response, "allow")).toBe(PET_ALLOW);
  });
});

describe("OPTIONS and HEAD", () => {
  it.each([
    ["/v1/pets", PETS_ALLOW],
    ["/v1/pets/1", PET_ALLOW],
    // Issue 7: Next answered this one itself, listing every method and no X-Request-Id.
    ["/v1/openapi.json", "GET, HEAD, OPTIONS"],
  ])("OPTIONS %s gives 204 with Allow, no key needed", async (path, allow) => {
    const response = await api(path, { method: "OPTIONS", key: null });
    expect(response.status).toBe(204);
    expect(header(response, "allow")).toBe(allow);
    expect(response.text).toBe("");
  });

  it("HEAD /v1/pets with a key gives 200 without a body", async () => {
    const response = await api("/v1/pets", { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.text).toBe("");
  });

  it("HEAD /v1/pets without a key gives 401", async () => {
    const response = await api("/v1/pets", { method: "HEAD", key: null });
    expect(response.status).toBe(401);
    expect(header(response, "www-authenticate")).toBe('Bearer realm="petstore"');
  });
});

describe("unknown paths under /v1 give 404 not_found JSON, no key needed", () => {
  const paths = [
    "/v1/nope",
    "/v1/store",
    "/v1/store/orders/1/extra",
    "/v1/pets/1/extra",
    "/v1/pets/1/extra/more",
    "/v1/PETS",
    "/v1/openapi.yaml",
    "/v1/pets.json",
  ];
  const methods = ["GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
  it.each(paths.flatMap((path) => methods.map((method) => [method, path])))("%s %s", async (method, path) => {
    const options: ApiOptions = { method, key: null };
    if (method === "POST" || method === "PUT" || method === "PATCH") options.json = { name: "x", categoryId: 1 };
    expectError(await api(path, options), 404, "not_found");
  });

  it.each(paths)("HEAD %s gives 404 without a body", async (path) => {
    const response = await api(path, { method: "HEAD", key: null });
    expect(response.status).toBe(404);
  });

  it("the same with a valid key", async () => {
    expectError(await api("/v1/store"), 404, "not_found");
  });

  it("the base address /v1 itself", async () => {
    expectError(await api("/v1", { key: null }), 404, "not_found");
  });
});

describe("a trailing slash is served like the path without it, never a framework redirect", () => {
  // Every /v1 response is JSON with an X-Request-Id (checked by the client helper).
  it("GET /v1/pets/ lists pets", async () => {
    const response = await api("/v1/pets/");
    expect(response.status).toBe(200);
    expect(Array.isArray(response.json)).toBe(true);
  });

  it("POST /v1/pets/ creates a pet, and GET /v1/pets/{id}/ reads it", async () => {
    const created = await api("/v1/pets/", { json: { name: "Slash", categoryId: 1 } });
    expect(created.status).toBe(201);
    const read = await api(`/v1/pets/${created.json.id}/`);
    expect(read.status).toBe(200);
    expect(read.json).toEqual(created.json);
  });

  it("GET /v1/ is a JSON 404", async () => {
    expectError(await api("/v1/"), 404, "not_found");
  });
});

describe("X-Request-Id", () => {
  it.each(["abc", "a.b_c:d-e", "0123456789", "x".repeat(128), "550e8400-e29b-41d4-a716-446655440000", "trace:1.2_3-4"])(
    "a safe incoming id %j is echoed",
    async (id) => {
      const response = await api("/v1/pets?limit=1", { headers: { "x-request-id": id } });
      expect(response.status).toBe(200);
      expect(header(response, "x-request-id")).toBe(id);
    },
  );

  it.each(["x".repeat(129), "has space", "<script>", "a,b", "a/b", "a;b", "a=b", "%0d%0aSet-Cookie:%20x=1", "é", ""])(
    "an unsafe incoming id %j is replaced by a generated one",
    async (id) => {
      const response = await api("/v1/pets?limit=1", { headers: { "x-request-id": id } });
      expect(response.status).toBe(200);
      const echoed = header(response, "x-request-id");
      expect(echoed).not.toBe(id);
      expect(echoed).toMatch(REQUEST_ID);
      expect(response.headers["set-cookie"]).toBeUndefined();
    },
  );

  it("a generated id differs from request to request", async () => {
    const ids = new Set<string>();
    for (let i = 0; i < 5; i++) ids.add(header(await api("/v1/pets?limit=1"), "x-request-id"));
    expect(ids.size).toBe(5);
  });

  it.each<[string, string, ApiOptions]>([
    ["401", "/v1/pets", { key: null }],
    ["400", "/v1/pets?limit=0", {}],
    ["404", "/v1/nope", {}],
    ["405", "/v1/pets", { method: "DELETE" }],
    ["415", "/v1/pets", { body: "x", contentType: "text/plain" }],
    ["201", "/v1/pets", { json: { name: "Request id", categoryId: 1 } }],
    ["200 openapi", "/v1/openapi.json", { key: null }],
  ])("is echoed on a %s response too", async (_label, path, options) => {
    const response = await api(path, { ...options, headers: { "x-request-id": "trace-42" } });
    expect(header(response, "x-request-id")).toBe("trace-42");
  });
});

describe("Cache-Control", () => {
  it("openapi.json may be cached publicly for five minutes", async () => {
    const response = await api("/v1/openapi.json", { key: null });
    expect(header(response, "cache-control")).toBe("public, max-age=300");
  });

  it.each<[string, string, ApiOptions]>([
    ["200 list", "/v1/pets", {}],
    ["201 create", "/v1/pets", { json: { name: "Cache", categoryId: 1 } }],
    ["401", "/v1/pets", { key: null }],
    ["404", "/v1/nope", {}],
  ])("%s is no-store and sent uncompressed", async (_label, path, options) => {
    const response = await api(path, { ...options, headers: { "accept-encoding": "gzip" } });
    expect(header(response, "cache-control")).toBe("no-store, no-transform");
    expect(response.headers["content-encoding"]).toBeUndefined();
  });
});
