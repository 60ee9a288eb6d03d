import { describe, expect, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { createPet, type Pet } from "@/tests/api/support/pets";

/**
 * Issue 40, item 3: two people editing one animal. A pet's answer carries a strong ETag
 * (RFC 9110 §8.8.3) and PATCH honours If-Match (§13.1.1): a stale tag is 412 and changes
 * nothing, so the second save cannot silently overwrite the first (docs/decisions/213).
 */

const edit = (pet: Pick<Pet, "id">, patch: unknown, ifMatch?: string) =>
  api(`/v1/pets/${pet.id}`, {
    method: "PATCH",
    json: patch,
    contentType: "application/merge-patch+json",
    headers: ifMatch === undefined ? {} : { "If-Match": ifMatch },
  });

describe("pet versions (ETag and If-Match)", () => {
  it("tags GET and PATCH answers with a strong ETag that changes with the pet", async () => {
    const pet = await createPet();
    const read = await api(`/v1/pets/${pet.id}`);
    const tag = read.headers.etag as string;
    expect(tag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect((await api(`/v1/pets/${pet.id}`)).headers.etag).toBe(tag);
    const saved = await edit(pet, { description: "Loves long walks." }, tag);
    expect(saved.status, saved.text).toBe(200);
    expect(saved.headers.etag).toMatch(/^"[A-Za-z0-9_-]+"$/);
    expect(saved.headers.etag).not.toBe(tag);
    expect((await api(`/v1/pets/${pet.id}`)).headers.etag).toBe(saved.headers.etag);
  });

  it("refuses a stale If-Match with 412 precondition_failed and keeps the first save", async () => {
    const pet = await createPet();
    const opened = (await api(`/v1/pets/${pet.id}`)).headers.etag as string;
    expect((await edit(pet, { description: "First tab's words." }, opened)).status).toBe(200);
    const stale = await edit(pet, { description: "Second tab's words." }, opened);
    expect(stale.status).toBe(412);
    expect(stale.json).toEqual({
      code: "precondition_failed",
      message: expect.stringContaining("changed"),
      status: 412,
    });
    expect((await api(`/v1/pets/${pet.id}`)).json.description).toBe("First tab's words.");
  });

  it("matches any of several tags, and * matches any existing pet; a weak tag never matches", async () => {
    const pet = await createPet();
    const tag = (await api(`/v1/pets/${pet.id}`)).headers.etag as string;
    expect((await edit(pet, { breed: "Collie" }, `"nope", ${tag}`)).status).toBe(200);
    expect((await edit(pet, { breed: "Collie mix" }, "*")).status).toBe(200);
    const now = (await api(`/v1/pets/${pet.id}`)).headers.etag as string;
    expect((await edit(pet, { breed: "Terrier" }, `W/${now}`)).status).toBe(412);
    expect((await edit({ id: 9_007_199_254_740_000 }, { breed: "Terrier" }, "*")).status).toBe(404);
  });

  it("keeps today's behaviour without If-Match: the last save wins", async () => {
    const pet = await createPet();
    expect((await edit(pet, { description: "One." })).status).toBe(200);
    const second = await edit(pet, { description: "Two." });
    expect(second.status).toBe(200);
    expect(second.json.description).toBe("Two.");
  });
});
