import { describe, expect, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { createPet, type Pet } from "@/tests/api/support/pets";

/**
 * Issue 40, item 4: staff prepare an animal before adopters see it (docs/decisions/215). An
 * unlisted pet keeps its status; it is left out of every public page and of `GET /v1/pets`
 * unless the caller asks with `listed=false` or `listed=all`, and a plain create is listed.
 */

const MERGE_PATCH = "application/merge-patch+json";
const idsOf = (response: { json: Pet[] }) => response.json.map((pet) => pet.id);

describe("an unlisted pet", () => {
  it("is created with listed: false and keeps its status; a plain create stays listed", async () => {
    const unlisted = await createPet({ listed: false });
    expect(unlisted).toMatchObject({ status: "available", listed: false });
    expect((await api(`/v1/pets/${unlisted.id}`)).json).toEqual(unlisted);
    const plain = await createPet();
    expect(Object.keys(plain).sort()).toEqual(["categoryId", "id", "name", "status"]);
    const refused = await api("/v1/pets", { json: { name: "Rex", categoryId: 1, listed: "no" } });
    expect(refused.status).toBe(400);
    expect(refused.json.details[0].field).toBe("listed");
  });

  it("is left out of GET /v1/pets unless asked for with listed=false or listed=all", async () => {
    const unlisted = await createPet({ listed: false });
    const listed = await createPet();
    const ids = `id=${unlisted.id},${listed.id}`;
    expect(idsOf(await api(`/v1/pets?${ids}`))).toEqual([listed.id]);
    expect(idsOf(await api(`/v1/pets?${ids}&listed=true`))).toEqual([listed.id]);
    expect(idsOf(await api(`/v1/pets?${ids}&listed=false`))).toEqual([unlisted.id]);
    expect(idsOf(await api(`/v1/pets?${ids}&listed=all`))).toEqual([listed.id, unlisted.id]);
    expect(idsOf(await api("/v1/pets?limit=100"))).not.toContain(unlisted.id);
    expect(idsOf(await api("/v1/pets?limit=100&status=available"))).not.toContain(unlisted.id);
    expect((await api(`/v1/pets?listed=maybe`)).status).toBe(400);
  });

  it("is unknown to adopters until staff list it with a patch", async () => {
    const pet = await createPet({ listed: false });
    expect((await api("/", { key: null })).text).not.toContain(`href="/pets/${pet.id}"`);
    expect((await api(`/pets/${pet.id}`, { key: null })).status).toBe(404);
    expect((await api(`/pets/${pet.id}/apply`, { key: null })).status).toBe(404);
    // By the pets' ids, not the text: a photo's id (other files add photos) can be the same number.
    const gallery = (await api("/gallery/pets", { key: null })).json as { pets: { id: number }[] };
    expect(gallery.pets.map((shown) => shown.id)).not.toContain(pet.id);

    const listed = await api(`/v1/pets/${pet.id}`, {
      method: "PATCH",
      json: { listed: true },
      contentType: MERGE_PATCH,
    });
    expect(listed.status, listed.text).toBe(200);
    expect(listed.json).not.toHaveProperty("listed");
    expect(listed.json.status).toBe("available");
    expect((await api("/", { key: null })).text).toContain(`href="/pets/${pet.id}"`);
    expect((await api(`/pets/${pet.id}`, { key: null })).status).toBe(200);
    expect(idsOf(await api(`/v1/pets?id=${pet.id}`))).toEqual([pet.id]);

    const hidden = await api(`/v1/pets/${pet.id}`, {
      method: "PATCH",
      json: { listed: false },
      contentType: MERGE_PATCH,
    });
    expect(hidden.json.listed).toBe(false);
    expect((await api(`/pets/${pet.id}`, { key: null })).status).toBe(404);
  });
});
