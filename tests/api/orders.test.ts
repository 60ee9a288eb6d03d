import { describe, expect, it } from "vitest";
import { api } from "@/tests/api/support/api";
import { createPet, type Pet } from "@/tests/api/support/pets";

interface Order {
  id: number;
  petId: number;
  adopter: string;
  status: "placed" | "approved" | "delivered" | "cancelled";
  placedAt: string;
  updatedAt: string;
}

async function placeOrder(petId: number, adopter = "Ada Lovelace"): Promise<Order> {
  const response = await api("/v1/store/orders", { json: { petId, adopter } });
  expect(response.status, response.text).toBe(201);
  return response.json as Order;
}

const move = (order: Order, status: string) =>
  api(`/v1/store/orders/${order.id}`, { method: "PATCH", json: { status } });
const petStatus = async (pet: Pet) => (await api(`/v1/pets/${pet.id}`)).json.status as string;

describe("orders", () => {
  it("reserve → approve → complete: the pet goes pending, then sold", async () => {
    const pet = await createPet();
    const response = await api("/v1/store/orders", { json: { petId: pet.id, adopter: "  Ada Lovelace  " } });
    expect(response.status).toBe(201);
    const order = response.json as Order;
    expect(order).toMatchObject({ petId: pet.id, adopter: "Ada Lovelace", status: "placed" });
    expect(response.headers.location).toBe(`/v1/store/orders/${order.id}`);
    expect(await petStatus(pet)).toBe("pending");
    expect((await api(`/v1/store/orders/${order.id}`)).json).toEqual(order);

    expect((await move(order, "approved")).json).toMatchObject({ status: "approved" });
    const delivered = await move(order, "delivered");
    expect(delivered.status).toBe(200);
    expect(delivered.json).toMatchObject({ id: order.id, status: "delivered", placedAt: order.placedAt });
    expect(await petStatus(pet)).toBe("sold");
  });

  it("reserve → cancel: the pet is available again, and a final order refuses any move with its status", async () => {
    const pet = await createPet();
    const order = await placeOrder(pet.id);
    expect((await move(order, "cancelled")).json).toMatchObject({ status: "cancelled" });
    expect(await petStatus(pet)).toBe("available");
    const again = await move(order, "approved");
    expect(again.status).toBe(409);
    expect(again.json).toMatchObject({ code: "order_status_conflict", status: 409, currentStatus: "cancelled" });
  });

  it("refuses an order for a pet that is not available (409 with its status) or does not exist (422)", async () => {
    const sold = await createPet({ status: "sold" });
    const refused = await api("/v1/store/orders", { json: { petId: sold.id, adopter: "Bob" } });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ code: "pet_not_available", currentStatus: "sold" });
    const missing = await api("/v1/store/orders", { json: { petId: 9_007_199_254_740_000, adopter: "Bob" } });
    expect(missing.status).toBe(422);
    expect(missing.json).toMatchObject({ code: "unknown_pet", details: [{ field: "petId" }] });
  });

  it("refuses bad bodies, ids and transitions with the documented codes", async () => {
    const bad = await api("/v1/store/orders", { json: { petId: "1", adopter: "", id: 5 } });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe("invalid_body");
    expect(bad.json.details.map((detail: { field: string }) => detail.field).sort()).toEqual([
      "adopter",
      "id",
      "petId",
    ]);
    expect((await api("/v1/store/orders/abc")).json.code).toBe("invalid_order_id");
    expect((await api("/v1/store/orders/99999999999")).status).toBe(404);
    const pet = await createPet();
    const order = await placeOrder(pet.id);
    const skip = await move(order, "delivered");
    expect(skip.status).toBe(409);
    expect(skip.json).toMatchObject({ code: "order_status_conflict", currentStatus: "placed" });
    expect((await move(order, "sold")).json.code).toBe("invalid_body");
  });

  it("gives exactly one 201 to 50 concurrent orders for one pet, and 49 × 409", async () => {
    const pet = await createPet();
    const responses = await Promise.all(
      Array.from({ length: 50 }, (_, i) => api("/v1/store/orders", { json: { petId: pet.id, adopter: `A${i}` } })),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(49);
    for (const response of responses.filter((r) => r.status === 409)) {
      expect(response.json).toMatchObject({ code: "pet_not_available", currentStatus: "pending" });
    }
    const listed = await api(`/v1/store/orders?petId=${pet.id}`);
    expect(listed.json).toHaveLength(1);
  });

  it("lets exactly one of two concurrent transitions of one order succeed", async () => {
    const pet = await createPet();
    const order = await placeOrder(pet.id);
    const [a, b] = await Promise.all([move(order, "cancelled"), move(order, "cancelled")]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect((a.status === 409 ? a : b).json).toMatchObject({ currentStatus: "cancelled" });
    expect(await petStatus(pet)).toBe("available");
  });

  it("lists newest first with limit, status and pet filters, a cursor in Link, and 400 for unknown parameters", async () => {
    const pet = await createPet();
    const first = await placeOrder(pet.id);
    await move(first, "cancelled");
    const second = await placeOrder(pet.id);
    const third = await placeOrder((await createPet()).id);

    const page = await api("/v1/store/orders?limit=1");
    expect(page.status).toBe(200);
    expect((page.json as Order[])[0]!.id).toBeGreaterThanOrEqual(third.id);
    expect(page.headers.link).toMatch(/^<\/v1\/store\/orders\?limit=1&cursor=[\w-]+>; rel="next"$/);

    const byPet = await api(`/v1/store/orders?petId=${pet.id}&limit=1`);
    expect((byPet.json as Order[]).map((order) => order.id)).toEqual([second.id]);
    const next = /^<([^>]+)>/.exec(byPet.headers.link as string)![1]!;
    expect(next).toContain(`petId=${pet.id}`);
    const rest = await api(next);
    expect((rest.json as Order[]).map((order) => order.id)).toEqual([first.id]);
    expect(rest.headers.link).toBeUndefined();

    const cancelled = await api(`/v1/store/orders?status=cancelled&petId=${pet.id}`);
    expect((cancelled.json as Order[]).map((order) => order.id)).toEqual([first.id]);

    const cursor = new URL(next, "http://x").searchParams.get("cursor");
    for (const query of ["limit=0", "limit=101", "status=sold", "petId=abc", "stauts=placed", `cursor=${cursor}`]) {
      const refused = await api(`/v1/store/orders?${query}`);
      expect(refused.status, query).toBe(400);
      expect(refused.json.code).toBe("invalid_query");
    }
  });

  it("needs the bearer key on every orders route", async () => {
    for (const [path, method] of [
      ["/v1/store/orders", "GET"],
      ["/v1/store/orders", "POST"],
      ["/v1/store/orders/1", "GET"],
      ["/v1/store/orders/1", "PATCH"],
    ] as const) {
      const response = await api(path, { method, key: null, ...(method === "GET" ? {} : { json: {} }) });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });
});
