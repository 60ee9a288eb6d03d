import { describe, expect, it } from "vitest";
import { api } from "@/tests/api/support/api";

describe("categories", () => {
  it("staff create (with an id or the next), rename and list categories", async () => {
    const wanted = 1_000_000 + Math.floor(Math.random() * 1_000_000);
    const created = await api("/v1/categories", { json: { id: wanted, name: "Dogs" } });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({ id: wanted, name: "Dogs" });
    expect(created.headers.location).toBe(`/v1/categories/${wanted}`);

    const next = await api("/v1/categories", { json: { name: "Cats" } });
    expect(next.status).toBe(201);
    expect(next.json.id).toBeGreaterThan(wanted);

    const taken = await api("/v1/categories", { json: { id: wanted, name: "Again" } });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe("category_exists");

    const renamed = await api(`/v1/categories/${wanted}`, { method: "PATCH", json: { name: " Good dogs " } });
    expect(renamed.status).toBe(200);
    expect(renamed.json).toEqual({ id: wanted, name: "Good dogs" });

    const list = await api("/v1/categories");
    expect(list.status).toBe(200);
    expect(list.json).toContainEqual({ id: wanted, name: "Good dogs" });
    const ids = (list.json as { id: number }[]).map((category) => category.id);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
  });

  it("refuses a rename of no category, bad ids and bodies, unknown parameters and a missing key", async () => {
    expect((await api("/v1/categories/8999999999999", { method: "PATCH", json: { name: "X" } })).status).toBe(404);
    expect((await api("/v1/categories/x", { method: "PATCH", json: { name: "X" } })).json.code).toBe(
      "invalid_category_id",
    );
    expect((await api("/v1/categories", { json: { name: "" } })).json.code).toBe("invalid_body");
    expect((await api("/v1/categories?limit=5")).json.code).toBe("invalid_query");
    expect((await api("/v1/categories", { key: null })).status).toBe(401);
  });

  it("keeps accepting any categoryId in range on pets", async () => {
    const pet = await api("/v1/pets", { json: { name: "Uncategorised", categoryId: 8_000_000_000 } });
    expect(pet.status).toBe(201);
  });
});
