import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, header, type ApiResponse, type ApiOptions } from "@/tests/api/support/api";
import { createPet, expectPetShape, type Pet } from "@/tests/api/support/pets";

let pet: Pet;
beforeAll(async () => {
  pet = await createPet({ name: "Deprecated Dog", categoryId: 3, status: "pending" });
});

/**
 * RFC 9745 Deprecation (the date it was deprecated, 2026-11-21: a future date would mean
 * "not yet"), RFC 8594 Sunset (5 December 2030), the successor and the migration notes.
 */
function expectDeprecationHeaders(response: ApiResponse): void {
  expect(header(response, "deprecation")).toBe("@1795219200");
  expect(header(response, "sunset")).toBe("Thu, 05 Dec 2030 00:00:00 GMT");
  expect(header(response, "link")).toBe(
    '</v1/pets>; rel="successor-version", </docs/deprecations#get-pet>; rel="deprecation"; type="text/html"',
  );
}

describe("GET /v1/pets/{petId}", () => {
  it("returns the pet", async () => {
    const response = await api(`/v1/pets/${pet.id}`);
    expect(response.status).toBe(200);
    expectPetShape(response.json);
    expect(response.json).toEqual(pet);
    expectDeprecationHeaders(response);
  });

  it("HEAD answers 200 without a body, with the deprecation headers", async () => {
    const response = await api(`/v1/pets/${pet.id}`, { method: "HEAD" });
    expect(response.status).toBe(200);
    expect(response.text).toBe("");
    expectDeprecationHeaders(response);
  });

  it.each([
    "0",
    "-1",
    "abc",
    "1.5",
    "01",
    "007",
    "1e3",
    "+1",
    "0x1",
    "%201",
    "1%20",
    "1%00",
    "Infinity",
    "NaN",
    "%EF%BC%91" /* fullwidth 1 */,
  ])("petId %j gives 400 invalid_pet_id, still with the deprecation headers", async (petId) => {
    const response = await api(`/v1/pets/${petId}`);
    expectError(response, 400, "invalid_pet_id");
    expectDeprecationHeaders(response);
  });

  it.each(["999999999", "9007199254740991", "9007199254740992", "99999999999999999999", "1".repeat(300)])(
    "well-formed but unknown petId %s gives 404 not_found with the deprecation headers",
    async (petId) => {
      const response = await api(`/v1/pets/${petId}`);
      expectError(response, 404, "not_found");
      expectDeprecationHeaders(response);
    },
  );

  it.each<[string, ApiOptions]>([
    ["no key", { key: null }],
    ["a wrong key", { key: "nope" }],
  ])("401 with %s carries the deprecation headers", async (_label, options) => {
    const response = await api(`/v1/pets/${pet.id}`, options);
    expectError(response, 401, "unauthorized");
    expectDeprecationHeaders(response);
  });

  it("401 beats 400: a malformed id without a key is 401", async () => {
    const response = await api("/v1/pets/abc", { key: null });
    expectError(response, 401, "unauthorized");
    expectDeprecationHeaders(response);
  });
});
