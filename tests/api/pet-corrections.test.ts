import fs from "node:fs";
import { describe, expect, inject, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { createPet, type Pet } from "@/tests/api/support/pets";
import { issueTestKey } from "@/tests/api/support/issued-keys";

/**
 * Issue 22, item 1: a pet added as pending or sold has no order to move it; staff correct
 * its status with PATCH /v1/pets/{petId} and a reason (docs/decisions/155).
 */

const MERGE_PATCH = "application/merge-patch+json";

const correct = (pet: Pick<Pet, "id">, patch: unknown, contentType = MERGE_PATCH, key?: string) =>
  api(`/v1/pets/${pet.id}`, { method: "PATCH", json: patch, contentType, key });
const statusOf = async (pet: Pet) => (await api(`/v1/pets/${pet.id}`)).json.status as string;

describe("correcting a pet's status", () => {
  it("moves a pet added as pending, with a reason, and the change holds", async () => {
    const pet = await createPet({ status: "pending" });
    const response = await correct(pet, { status: "available", reason: "Added as pending by mistake" });
    expect(response.status, response.text).toBe(200);
    expect(response.json).toEqual({ ...pet, status: "available" });
    expect(await statusOf(pet)).toBe("available");
    // An available pet can be reserved again: it is no longer stuck.
    const order = await api("/v1/store/orders", { json: { petId: pet.id, adopter: "Ada" } });
    expect(order.status).toBe(201);
  });

  it("accepts application/json too, and a sold pet can be corrected", async () => {
    const pet = await createPet({ status: "sold" });
    const response = await correct(pet, { status: "pending", reason: "Still on trial" }, "application/json");
    expect(response.status, response.text).toBe(200);
    expect(response.json.status).toBe("pending");
  });

  it("requires a reason of 1 to 500 characters whenever the status is sent", async () => {
    const pet = await createPet({ status: "sold" });
    const missing = await correct(pet, { status: "available" });
    expect(missing.status).toBe(400);
    expect(missing.json).toMatchObject({ code: "invalid_body", details: [{ field: "reason" }] });
    for (const reason of ["   ", "x".repeat(501), 7]) {
      const refused = await correct(pet, { status: "available", reason });
      expect(refused.status, JSON.stringify(reason)).toBe(400);
      expect(refused.json.details).toEqual([expect.objectContaining({ field: "reason" })]);
    }
    expect((await correct(pet, { status: "available", reason: "y".repeat(500) })).status).toBe(200);
  });

  it("refuses unknown fields, null, an empty patch and other media types", async () => {
    const pet = await createPet({ status: "sold" });
    expect((await correct(pet, { status: "available", reason: "r", id: 3 })).json.code).toBe("invalid_body");
    expect((await correct(pet, { status: null, reason: "r" })).json.details).toEqual([
      expect.objectContaining({ field: "status" }),
    ]);
    expect((await correct(pet, {})).status).toBe(400);
    expect((await correct(pet, ["status"])).status).toBe(400);
    const text = await correct(pet, { status: "available", reason: "r" }, "text/plain");
    expect(text.status).toBe(415);
    expect(text.json.code).toBe("unsupported_media_type");
    expect(await statusOf(pet)).toBe("sold");
  });

  it("answers 409 pet_held_by_order while an open order holds the pet, and lets it go once the order ends", async () => {
    const pet = await createPet();
    const order = (await api("/v1/store/orders", { json: { petId: pet.id, adopter: "Ada" } })).json as { id: number };
    for (const step of [undefined, "approved"]) {
      if (step) await api(`/v1/store/orders/${order.id}`, { method: "PATCH", json: { status: step } });
      const held = await correct(pet, { status: "available", reason: "Jumping the queue" });
      expect(held.status).toBe(409);
      expect(held.json).toMatchObject({ code: "pet_held_by_order", status: 409 });
      expect(await statusOf(pet)).toBe("pending");
    }
    await api(`/v1/store/orders/${order.id}`, { method: "PATCH", json: { status: "delivered" } });
    const afterDelivery = await correct(pet, { status: "available", reason: "Returned after a week" });
    expect(afterDelivery.status, afterDelivery.text).toBe(200);
    expect(afterDelivery.json.status).toBe("available");
  });

  it("answers 404 for no such pet, 400 for a malformed id, and needs pets:write", async () => {
    expect((await correct({ id: 9_007_199_254_740_000 }, { status: "sold", reason: "r" })).status).toBe(404);
    const malformed = await api("/v1/pets/abc", { method: "PATCH", json: { status: "sold", reason: "r" } });
    expect(malformed.json.code).toBe("invalid_pet_id");
    const pet = await createPet({ status: "sold" });
    const { key } = await issueTestKey("pets reader", ["pets:read"]);
    await new Promise((resolve) => setTimeout(resolve, 600)); // a new key is honoured within a second
    const forbidden = await correct(pet, { status: "available", reason: "r" }, MERGE_PATCH, key);
    expect(forbidden.status).toBe(403);
    expect(await statusOf(pet)).toBe("sold");
  });

  it("lists PATCH among the methods of /v1/pets/{petId}", async () => {
    const pet = await createPet();
    const options = await api(`/v1/pets/${pet.id}`, { method: "OPTIONS" });
    expect(options.headers.allow).toContain("PATCH");
  });

  it("never logs the reason", async () => {
    const pet = await createPet({ status: "pending" });
    const reason = `Reserved by phone for Jo Example ${Date.now()}`;
    expect((await correct(pet, { status: "available", reason })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(fs.readFileSync(inject("serverLogFile"), "utf8")).not.toContain(reason);
  });
});
