import fs from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { createPet, nextLink, uniqueName, type Pet } from "@/tests/api/support/pets";

/**
 * Issue 24: the profile adopters filter by, staff correcting name, category and profile with
 * a merge patch (docs/decisions/170), `?id=` and the list's search and filters.
 */

const MERGE_PATCH = "application/merge-patch+json";
const patch = (pet: Pick<Pet, "id">, body: unknown) =>
  api(`/v1/pets/${pet.id}`, { method: "PATCH", json: body, contentType: MERGE_PATCH });
const list = async (query: string) => {
  const response = await api(`/v1/pets?${query}`);
  expect(response.status, response.text).toBe(200);
  return response;
};
const idsOf = (response: { json: Pet[] }) => response.json.map((pet) => pet.id);
const year = new Date().getUTCFullYear();

describe("a pet's profile", () => {
  it("is optional on create, and comes back as sent", async () => {
    const profile = {
      sex: "female",
      birthDate: `${year - 2}-03-01`,
      birthDateIsEstimate: true,
      size: "medium",
      breed: "Labrador mix",
      description: "Calm.\nLoves walks.",
      goodWith: { children: "yes", dogs: "no" },
    };
    const pet = await createPet(profile);
    expect(pet).toMatchObject(profile);
    expect((await api(`/v1/pets/${pet.id}`)).json).toEqual(pet);
    const plain = await createPet();
    expect(Object.keys(plain).sort()).toEqual(["categoryId", "id", "name", "status"]);
  });

  it("refuses bad profile values with the field named", async () => {
    for (const [field, value] of [
      ["sex", "f"],
      ["size", "huge"],
      ["birthDate", "2020-02-30"],
      ["breed", ""],
      ["description", "x".repeat(2001)],
      ["goodWith", { horses: "yes" }],
    ] as const) {
      const response = await api("/v1/pets", { json: { name: uniqueName(), categoryId: 1, [field]: value } });
      expect(response.status, field).toBe(400);
      expect(response.json.details[0].field, field).toMatch(new RegExp(`^${field}`));
    }
  });
});

describe("PATCH /v1/pets/{petId}: name, category and profile", () => {
  it("corrects a name, a category and the profile; null removes, goodWith merges", async () => {
    const pet = await createPet({ sex: "male", breed: "Collie", goodWith: { dogs: "yes" } });
    const name = uniqueName("fixed");
    const response = await patch(pet, { name, categoryId: 3, breed: null, goodWith: { cats: "no", dogs: null } });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({
      id: pet.id,
      name,
      categoryId: 3,
      status: "available",
      sex: "male",
      goodWith: { cats: "no" },
    });
    expect((await api(`/v1/pets/${pet.id}`)).json).toEqual(response.json);
  });

  it("refuses null for the name, category or status, and a name the create would refuse", async () => {
    const pet = await createPet();
    for (const body of [{ name: null }, { categoryId: null }, { name: "" }, { name: "a\nb" }, { categoryId: 0 }]) {
      const response = await patch(pet, body);
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(response.json.code).toBe("invalid_body");
    }
  });

  it("edits a pet an open order holds, but refuses its status", async () => {
    const pet = await createPet();
    expect((await api("/v1/store/orders", { json: { petId: pet.id, adopter: "Ada" } })).status).toBe(201);
    const edited = await patch(pet, { description: "Reserved, still loves naps." });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ status: "pending", description: "Reserved, still loves naps." });
    const held = await patch(pet, { name: "Other", status: "available", reason: "r" });
    expect(held.status).toBe(409);
    expect((await api(`/v1/pets/${pet.id}`)).json.name).toBe(pet.name);
  });

  it("brings a sold animal back to available", async () => {
    const pet = await createPet();
    const order = (await api("/v1/store/orders", { json: { petId: pet.id, adopter: "Ada" } })).json as { id: number };
    for (const status of ["approved", "delivered"]) {
      await api(`/v1/store/orders/${order.id}`, { method: "PATCH", json: { status } });
    }
    const back = await patch(pet, { status: "available", reason: "Returned after a week" });
    expect(back.json).toEqual({ ...pet, status: "available" });
  });

  it("never logs a description or a name sent in a patch", async () => {
    const pet = await createPet();
    const description = `Fostered by Jo Example at 12 Secret Lane ${Date.now()}`;
    expect((await patch(pet, { description })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = fs.readFileSync(inject("serverLogFile"), "utf8");
    expect(log).not.toContain(description);
    expect(log).toMatch(new RegExp(`"petId":${pet.id}[^\\n]*"fields":\\["description"\\]`));
  });
});

describe("GET /v1/pets?id=", () => {
  it("fetches the given pets, newest first, leaving out ids of no pet", async () => {
    const [a, b] = [await createPet(), await createPet({ status: "sold" })];
    expect(idsOf(await list(`id=${a.id},9007199254740000,${b.id}`))).toEqual([b.id, a.id]);
    expect((await list(`id=${a.id}`)).json).toEqual([a]);
    expect((await list("id=9007199254740000")).json).toEqual([]);
  });

  it("combines with the other filters and pages by limit", async () => {
    const [a, b, c] = [await createPet(), await createPet({ status: "sold" }), await createPet()];
    expect(idsOf(await list(`id=${a.id},${b.id},${c.id}&status=available`))).toEqual([c.id, a.id]);
    const first = await list(`id=${a.id},${b.id},${c.id}&limit=2`);
    expect(idsOf(first)).toEqual([c.id, b.id]);
    const next = nextLink(first);
    expect(next).toContain(`id=${a.id}%2C${b.id}%2C${c.id}`);
    expect(idsOf(await list((next as string).split("?")[1] as string))).toEqual([a.id]);
  });

  it("refuses more than 100 ids, and anything but ids separated by commas", async () => {
    const many = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    for (const query of [`id=${many}`, "id=", "id=1,,2", "id=0", "id=a", "id=1;2", "id=1&id=2", "id=1.5"]) {
      const response = await api(`/v1/pets?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.code).toBe("invalid_query");
    }
    expect((await api(`/v1/pets?id=${Array.from({ length: 100 }, (_, i) => i + 1).join(",")}`)).status).toBe(200);
  });
});

describe("GET /v1/pets search and filters", () => {
  it("finds pets by part of the name, any case, and filters by the profile", async () => {
    const tag = uniqueName("zq");
    const bella = await createPet({
      name: `${tag} Bella`,
      sex: "female",
      size: "small",
      birthDate: `${year - 10}-06-15`,
      goodWith: { children: "yes", dogs: "yes" },
    });
    const max = await createPet({ name: `${tag} Max`, sex: "male", size: "large", birthDate: `${year - 5}-01-01` });
    const unknown = await createPet({ name: `${tag} Rex`, categoryId: 2 });
    const q = `q=${encodeURIComponent(tag.toUpperCase())}`;
    expect(idsOf(await list(q))).toEqual([unknown.id, max.id, bella.id]);
    expect(idsOf(await list(`${q}&sex=female`))).toEqual([bella.id]);
    expect(idsOf(await list(`${q}&size=large`))).toEqual([max.id]);
    expect(idsOf(await list(`${q}&ageGroup=senior`))).toEqual([bella.id]);
    expect(idsOf(await list(`${q}&ageGroup=adult`))).toEqual([max.id]);
    expect(idsOf(await list(`${q}&goodWith=children,dogs`))).toEqual([bella.id]);
    expect(idsOf(await list(`${q}&goodWith=cats`))).toEqual([]);
    expect(idsOf(await list(`${q}&categoryId=2`))).toEqual([unknown.id]);
  });

  it("keeps the filters in the next link, and a cursor pages only its own listing", async () => {
    const tag = uniqueName("pg");
    for (let i = 0; i < 3; i++) await createPet({ name: `${tag} ${i}`, size: "small" });
    const first = await list(`q=${tag}&size=small&limit=2`);
    const next = nextLink(first) as string;
    expect(next).toMatch(/q=pg-[0-9a-f]+&size=small/);
    expect((await list(next.split("?")[1] as string)).json).toHaveLength(1);
    const cursor = new URLSearchParams(next.split("?")[1]).get("cursor") as string;
    const other = await api(`/v1/pets?q=${tag}&limit=2&cursor=${cursor}`);
    expect(other.status).toBe(400);
    expect(other.json.code).toBe("invalid_query");
  });

  it("refuses values no filter has", async () => {
    for (const query of [
      "q=",
      "q=a%0Ab",
      `q=${"x".repeat(101)}`,
      "sex=f",
      "size=huge",
      "ageGroup=old",
      "goodWith=horses",
      "goodWith=",
      "categoryId=0",
    ]) {
      const response = await api(`/v1/pets?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.json.code, query).toBe("invalid_query");
    }
  });

  it("documents every new parameter as beta, and the comma lists in form style", async () => {
    const document = (await api("/v1/openapi.json", { key: null })).json;
    const parameters = document.paths["/pets"].get.parameters as {
      name: string;
      "x-stability"?: string;
      style?: string;
      explode?: boolean;
    }[];
    for (const name of ["id", "q", "categoryId", "sex", "size", "ageGroup", "goodWith"]) {
      expect(
        parameters.find((parameter) => parameter.name === name),
        name,
      ).toMatchObject({ "x-stability": "beta" });
    }
    expect(parameters.find((parameter) => parameter.name === "id")).toMatchObject({ style: "form", explode: false });
    expect(document.components.schemas.Pet.properties.sex).toBeDefined();
  });
});
