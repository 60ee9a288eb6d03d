import { beforeAll, describe, expect, it } from "vitest";
import { api, header } from "@/tests/api/support/api";
import { allPets, createPet, createPets, nextLink, walkPages, type Pet } from "@/tests/api/support/pets";

beforeAll(async () => {
  await createPets(30, (i) => ({ status: i % 3 === 0 ? "pending" : "available" }));
});

function expectStrictlyDescending(pets: Pet[]): void {
  for (let i = 1; i < pets.length; i++) {
    expect(pets[i]!.id, `position ${i}: ${pets[i]!.id} after ${pets[i - 1]!.id}`).toBeLessThan(pets[i - 1]!.id);
  }
}

describe("walking pages through Link headers", () => {
  it("visits every pet exactly once, newest first, in full pages", async () => {
    const reference = await allPets();
    const { pages, pets } = await walkPages("/v1/pets?limit=7");
    expect(pets.map((pet) => pet.id)).toEqual(reference.map((pet) => pet.id));
    expectStrictlyDescending(pets);
    pages.slice(0, -1).forEach((page) => expect(page).toHaveLength(7));
    expect(pages.at(-1)!.length).toBeGreaterThan(0);
    expect(pages.at(-1)!.length).toBeLessThanOrEqual(7);
  });

  it("every next link keeps limit and status", async () => {
    let path: string | undefined = "/v1/pets?status=pending&limit=3";
    let links = 0;
    while (path) {
      const response = await api(path);
      expect(response.status).toBe(200);
      expect((response.json as Pet[]).every((pet) => pet.status === "pending")).toBe(true);
      path = nextLink(response);
      if (path) {
        links++;
        expect(path).toMatch(/^\/v1\/pets\?limit=3&status=pending&cursor=[A-Za-z0-9_-]+$/);
      }
    }
    expect(links).toBeGreaterThanOrEqual(3);
  });

  it("a status walk returns exactly the pets of that status", async () => {
    const everything = await allPets();
    const { pets } = await walkPages("/v1/pets?status=pending&limit=4");
    expect(pets).toEqual(everything.filter((pet) => pet.status === "pending"));
  });

  it("following the same link twice gives the same page, even after new pets arrive", async () => {
    const first = await api("/v1/pets?limit=5");
    const link = nextLink(first)!;
    const before = await api(link);
    await createPets(3);
    const after = await api(link);
    expect(after.json).toEqual(before.json);
    expect(header(after, "link")).toBe(header(before, "link"));
  });

  it("a walk while another client creates pets yields every earlier pet exactly once", async () => {
    const before = await allPets();
    const existing = new Set(before.map((pet) => pet.id));

    // A second client keeps creating pets for the whole walk, in parallel with it.
    let walking = true;
    const created: Pet[] = [];
    const writer = (async () => {
      while (walking) created.push(await createPet());
    })();

    let walked: Pet[];
    try {
      // ...and more arrive between every two pages.
      ({ pets: walked } = await walkPages("/v1/pets?limit=6", async () => {
        created.push(...(await Promise.all([createPet(), createPet()])));
      }));
    } finally {
      walking = false;
      await writer;
    }

    const ids = walked.map((pet) => pet.id);
    expect(new Set(ids).size, "no pet twice").toBe(ids.length);
    expectStrictlyDescending(walked);
    const seenExisting = ids.filter((id) => existing.has(id));
    expect(seenExisting).toEqual(before.map((pet) => pet.id));
    expect(created.length).toBeGreaterThan(0);
  });
});
