import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeAll, describe, expect, it } from "vitest";
import { api, expectError, header } from "@/tests/api/support/api";
import { issueTestKey } from "@/tests/api/support/issued-keys";
import { createPet } from "@/tests/api/support/pets";

/*
 * The record's two small reads (issue 41): which SAC species each category counts as, and
 * what adopters see of an animal's health, over /v1 and on its page. The suite's servers
 * keep the shelter's days in UTC (PETSTORE_TIME_ZONE unset).
 */

/** The UTC day `days` from today: entries are dated well clear of midnight's edge. */
const dayFromToday = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

async function createCategory(name: string): Promise<number> {
  const created = await api("/v1/categories", { json: { name } });
  expect(created.status, created.text).toBe(201);
  return created.json.id as number;
}

const setSpecies = (categoryId: number | string, body: unknown, key?: string) =>
  api(`/v1/categories/${categoryId}/species`, { method: "PUT", json: body, key });

let petsReader: string;
let categoriesWriter: string;
beforeAll(async () => {
  const [reader, writer] = await Promise.all([
    issueTestKey("pets reader", ["pets:read"]),
    issueTestKey("categories writer", ["categories:write"]),
  ]);
  petsReader = reader.key;
  categoriesWriter = writer.key;
  await sleep(600); // the server's key cache
});

describe("a category's SAC species", () => {
  it("is unmapped with a guess from the name until staff set it, then listed as set", async () => {
    const suffix = randomUUID().slice(0, 6);
    const rabbits = await createCategory(`Rabbits ${suffix}`);
    const misc = await createCategory(`Misc ${suffix}`);

    const before = await api("/v1/categories/species", { key: petsReader });
    expect(before.status).toBe(200);
    expect(before.json).toContainEqual({ categoryId: rabbits, species: "unmapped", suggested: "rabbit" });
    expect(before.json).toContainEqual({ categoryId: misc, species: "unmapped" });
    const ids = (before.json as { categoryId: number }[]).map((row) => row.categoryId);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));

    const set = await setSpecies(rabbits, { species: "rabbit" }, categoriesWriter);
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ categoryId: rabbits, species: "rabbit" });
    const changed = await setSpecies(misc, { species: "small_mammal" });
    expect(changed.json).toEqual({ categoryId: misc, species: "small_mammal" });
    expect((await setSpecies(misc, { species: "other" })).json).toEqual({ categoryId: misc, species: "other" });

    const after = (await api("/v1/categories/species")).json as unknown[];
    expect(after).toContainEqual({ categoryId: rabbits, species: "rabbit" });
    expect(after).toContainEqual({ categoryId: misc, species: "other" });
  });

  it("refuses an unknown category, a species SAC does not count, a bad id and the wrong key", async () => {
    const category = await createCategory(`Dogs ${randomUUID().slice(0, 6)}`);
    expect(expectError(await setSpecies(8_999_999_999_999, { species: "canine" }), 404, "not_found")).toMatch(
      /category/,
    );
    expectError(await setSpecies(Number.MAX_SAFE_INTEGER + 2, { species: "canine" }), 404, "not_found");
    expectError(await setSpecies("dogs", { species: "canine" }), 400, "invalid_category_id");

    for (const body of [{ species: "dog" }, { species: "unmapped" }, {}, { species: "canine", name: "Dogs" }, []]) {
      const refused = await setSpecies(category, body);
      expectError(refused, 400, "invalid_body");
    }
    expect((await setSpecies(category, { species: "dog" })).json.details).toEqual([
      {
        field: "species",
        message:
          "must be one of canine, feline, rabbit, equine, small_mammal, farm_animal, bird, reptile_amphibian, other",
      },
    ]);
    expect((await api("/v1/categories/species")).json).toContainEqual({
      categoryId: category,
      species: "unmapped",
      suggested: "canine",
    });

    expectError(await setSpecies(category, { species: "canine" }, petsReader), 403, "insufficient_scope");
    expectError(await api("/v1/categories/species", { key: categoriesWriter }), 403, "insufficient_scope");
    expectError(await api("/v1/categories/species", { key: null }), 401, "unauthorized");
    expectError(await api("/v1/categories/species?limit=5"), 400, "invalid_query");
    const wrongMethod = await api(`/v1/categories/${category}/species`, { method: "PATCH", json: {} });
    expectError(wrongMethod, 405, "method_not_allowed");
    expect(header(wrongMethod, "allow")).toBe("PUT, OPTIONS");
  });
});

describe("an animal's health summary", () => {
  async function recordVaccination(petId: number, givenOn: string, nextDue: string) {
    const item = await api("/v1/medical/items", {
      json: {
        name: `Rabies ${randomUUID().slice(0, 6)}`,
        kind: "vaccination",
        repeatEvery: { count: 1, unit: "years" },
      },
    });
    expect(item.status, item.text).toBe(201);
    const entry = await api(`/v1/pets/${petId}/medical`, {
      json: { itemId: item.json.id, givenOn, nextDue, givenBy: "Lakeside Vets", notes: "Nervous; ask Sam first" },
    });
    expect(entry.status, entry.text).toBe(201);
  }

  it("says unknown for an animal without records, and yes once vaccinated, neutered and chipped", async () => {
    const pet = await createPet();
    const blank = await api(`/v1/pets/${pet.id}/health-summary`, { key: petsReader });
    expect(blank.status).toBe(200);
    expect(blank.json).toEqual({ vaccinated: "unknown", neutered: "unknown", microchipped: "unknown" });

    await recordVaccination(pet.id, dayFromToday(-10), dayFromToday(355));
    const facts = await api(`/v1/pets/${pet.id}/health`, {
      method: "PATCH",
      json: {
        spayNeuter: { status: "altered", on: dayFromToday(-5) },
        microchip: { status: "chipped", number: "985112003456789" },
      },
    });
    expect(facts.status, facts.text).toBe(200);

    const summary = await api(`/v1/pets/${pet.id}/health-summary`, { key: petsReader });
    expect(summary.json).toEqual({ vaccinated: "yes", neutered: "yes", microchipped: "yes" });
    expect(summary.text).not.toMatch(/Sam|Lakeside|985112003456789/);
  });

  it("says no where the record says no: a lapsed booster, unaltered, scanned without a chip", async () => {
    const pet = await createPet();
    await recordVaccination(pet.id, dayFromToday(-400), dayFromToday(-35));
    const facts = await api(`/v1/pets/${pet.id}/health`, {
      method: "PATCH",
      json: { spayNeuter: { status: "unaltered" }, microchip: { status: "none", scannedOn: dayFromToday(-3) } },
    });
    expect(facts.status, facts.text).toBe(200);
    expect((await api(`/v1/pets/${pet.id}/health-summary`)).json).toEqual({
      vaccinated: "no",
      neutered: "no",
      microchipped: "no",
    });
  });

  it("is on the animal's page for adopters, in words, without a key and without a note", async () => {
    const pet = await createPet();
    const words = (html: string) =>
      [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((match) => `${match[1]}: ${match[2]}`);
    const before = await api(`/pets/${pet.id}`, { key: null });
    expect(before.status).toBe(200);
    expect(words(before.text)).toEqual(
      expect.arrayContaining(["Vaccinated: Unknown", "Spayed or neutered: Unknown", "Microchipped: Unknown"]),
    );

    await recordVaccination(pet.id, dayFromToday(-10), dayFromToday(355));
    const after = await api(`/pets/${pet.id}`, { key: null });
    expect(words(after.text)).toEqual(
      expect.arrayContaining(["Vaccinated: Yes", "Spayed or neutered: Unknown", "Microchipped: Unknown"]),
    );
    expect(after.text).not.toMatch(/Sam first|Lakeside/);
    // Rendered for each request and kept by no cache: what makes it true the day a booster lapses (decision 260).
    expect(header(after, "cache-control")).toMatch(/\bno-store\b/);
  });

  it("answers 404 for no such pet, 400 for a malformed id, and needs pets:read", async () => {
    expectError(await api("/v1/pets/987654321/health-summary"), 404, "not_found");
    expectError(await api("/v1/pets/0/health-summary"), 400, "invalid_pet_id");
    const pet = await createPet();
    expectError(await api(`/v1/pets/${pet.id}/health-summary`, { key: categoriesWriter }), 403, "insufficient_scope");
    expectError(await api(`/v1/pets/${pet.id}/health-summary`, { key: null }), 401, "unauthorized");
  });
});
