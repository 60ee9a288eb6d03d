import { describe, expect, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { allPets, uniqueName, type Pet } from "@/tests/api/support/pets";

describe("concurrent requests", () => {
  it("50 concurrent creates give 50 distinct ids, each retrievable and listed once", async () => {
    const names = Array.from({ length: 50 }, (_, i) => uniqueName(`concurrent-${i}`));
    const responses = await Promise.all(names.map((name, i) => api("/v1/pets", { json: { name, categoryId: i + 1 } })));
    expect(responses.map((response) => response.status)).toEqual(names.map(() => 201));
    const created = responses.map((response) => response.json as Pet);
    expect(created.map((pet) => pet.name)).toEqual(names);
    expect(new Set(created.map((pet) => pet.id)).size).toBe(50);

    const fetched = await Promise.all(created.map((pet) => api(`/v1/pets/${pet.id}`)));
    fetched.forEach((response, i) => {
      expect(response.status).toBe(200);
      expect(response.json).toEqual(created[i]);
    });

    const listed = await allPets();
    for (const pet of created)
      expect(
        listed.filter((other) => other.id === pet.id),
        `pet ${pet.id}`,
      ).toEqual([pet]);
  });

  it("reads and writes interleaved concurrently all succeed", async () => {
    const requests = Array.from({ length: 40 }, (_, i) =>
      i % 2 === 0 ? api("/v1/pets", { json: { name: uniqueName("mixed"), categoryId: 1 } }) : api("/v1/pets?limit=50"),
    );
    const responses = await Promise.all(requests);
    responses.forEach((response, i) => expect(response.status, response.text).toBe(i % 2 === 0 ? 201 : 200));
  });
});
