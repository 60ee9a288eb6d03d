import fs from "node:fs";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { api, expectError, header, keys, type ApiOptions } from "@/tests/api/support/api";
import { createPet, uniqueName } from "@/tests/api/support/pets";

const MISSING = 'Bearer realm="petstore"';
const INVALID = 'Bearer realm="petstore", error="invalid_token"';

let petId: number;
beforeAll(async () => {
  petId = (await createPet()).id;
});

/** The three documented operations, each as a request that succeeds with a valid key. */
const operations: { name: string; path: () => string; options: ApiOptions; success: number }[] = [
  { name: "listPets", path: () => "/v1/pets", options: {}, success: 200 },
  {
    name: "createPet",
    path: () => "/v1/pets",
    options: { method: "POST", json: { name: "Auth probe", categoryId: 1 } },
    success: 201,
  },
  { name: "getPet", path: () => `/v1/pets/${petId}`, options: {}, success: 200 },
];

describe.each(operations)("$name", ({ path, options, success }) => {
  it("answers 401 with the realm challenge when no Authorization header is sent", async () => {
    const response = await api(path(), { ...options, key: null });
    expectError(response, 401, "unauthorized");
    expect(header(response, "www-authenticate")).toBe(MISSING);
  });

  it.each([
    "Basic dGVzdC1rZXktMTo=",
    "Token test-key-1-4f9a2c81d7e6",
    "Digest username=test-key-1-4f9a2c81d7e6",
    "test-key-1-4f9a2c81d7e6",
  ])("treats the wrong scheme %j like a missing header", async (authorization) => {
    const response = await api(path(), { ...options, authorization });
    const message = expectError(response, 401, "unauthorized");
    expect(header(response, "www-authenticate")).toBe(MISSING);
    expect(message).not.toContain("test-key-1-4f9a2c81d7e6");
  });

  it.each([
    "Bearer",
    "Bearer ",
    "Bearer a b",
    "Bearer unknown-key-7f3a",
    "Bearer test-key-1-4f9a2c81d7e6x",
    "Bearer xtest-key-1-4f9a2c81d7e6",
    "Bearer test-key-",
    "Bearer TEST-KEY-1-4F9A2C81D7E6",
    "Bearer Test-Key-2-7b3e5d06a1c9",
    "Bearer test-key-1-4f9a2c81d7e6,test-key-2-7b3e5d06a1c9",
    "Bearer test-key-1-4f9a2c81d7e6 test-key-1-4f9a2c81d7e6",
  ])('refuses the bad bearer token in %j with error="invalid_token"', async (authorization) => {
    const response = await api(path(), { ...options, authorization });
    const message = expectError(response, 401, "unauthorized");
    expect(header(response, "www-authenticate")).toBe(INVALID);
    const token = authorization.slice("Bearer".length).trim();
    if (token.length > 1) expect(message.toLowerCase()).not.toContain(token.toLowerCase());
  });

  it.each(["Bearer", "bearer", "BEARER", "bEaReR"])("accepts the scheme spelled %j", async (scheme) => {
    const response = await api(path(), { ...options, authorization: `${scheme} ${keys()[0]}` });
    expect(response.status, response.text).toBe(success);
  });

  it("accepts every configured key", async () => {
    for (const key of keys()) {
      const response = await api(path(), { ...options, key });
      expect(response.status, response.text).toBe(success);
    }
  });
});

describe("authentication comes before everything else", () => {
  it.each<[string, string, ApiOptions]>([
    ["malformed JSON", "/v1/pets", { body: "{" }],
    ["an invalid NewPet", "/v1/pets", { json: { name: "" } }],
    ["a text/plain body", "/v1/pets", { body: "hello", contentType: "text/plain" }],
    ["no content type", "/v1/pets", { body: "{}", contentType: null }],
    ["a body over 16 KiB", "/v1/pets", { body: `{"name":"${"x".repeat(20_000)}","categoryId":1}` }],
    ["an invalid limit", "/v1/pets?limit=0", {}],
    ["an unknown query parameter", "/v1/pets?stauts=sold", {}],
    ["a garbage cursor", "/v1/pets?cursor=abc", {}],
    ["a malformed pet id", "/v1/pets/abc", {}],
    ["an unknown pet id", "/v1/pets/99999999", {}],
  ])("a request without a key and %s gets 401", async (_label, path, options) => {
    const response = await api(path, { ...options, key: null });
    expectError(response, 401, "unauthorized");
    expect(header(response, "www-authenticate")).toBe(MISSING);
  });

  it("a request with a wrong key and an invalid body gets 401 invalid_token, not 400", async () => {
    const response = await api("/v1/pets", { key: "wrong-key", json: { name: "" } });
    expectError(response, 401, "unauthorized");
    expect(header(response, "www-authenticate")).toBe(INVALID);
  });

  it("a 401 leaves the store untouched", async () => {
    const name = uniqueName("unauthorised");
    const refused = await api("/v1/pets", { key: "wrong-key", json: { name, categoryId: 1 } });
    expect(refused.status).toBe(401);
    const list = await api("/v1/pets?limit=100");
    expect((list.json as { name: string }[]).map((pet) => pet.name)).not.toContain(name);
  });
});

describe("GET /v1/openapi.json", () => {
  it("needs no key", async () => {
    const response = await api("/v1/openapi.json", { key: null });
    expect(response.status).toBe(200);
  });
});

describe("keys stay secret", () => {
  it("the server log never contains a key (checked after every auth case above)", () => {
    const log = fs.readFileSync(inject("serverLogFile"), "utf8");
    for (const key of keys()) expect(log.includes(key), `key found in server log`).toBe(false);
  });
});
