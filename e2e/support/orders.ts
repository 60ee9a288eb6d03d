import { randomUUID } from "node:crypto";
import type { APIRequestContext } from "@playwright/test";
import { expect } from "@playwright/test";
import { authorization } from "./pets";

/** A new available animal (newest of all, so it heads the staff list), added over the API. */
export async function addAnimal(request: APIRequestContext, prefix: string): Promise<{ id: number; name: string }> {
  const name = `${prefix} ${randomUUID().slice(0, 6)}`;
  const response = await request.post("/v1/pets", { data: { name, categoryId: 1 }, headers: authorization });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; name: string };
}

/** Places an order for the animal over the API, as an adopter's enquiry would. */
export async function placeOrder(
  request: APIRequestContext,
  petId: number,
  adopter: string,
): Promise<{ id: number; status: string }> {
  const response = await request.post("/v1/store/orders", { data: { petId, adopter }, headers: authorization });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { id: number; status: string };
}

export async function orderStatus(request: APIRequestContext, orderId: number): Promise<string> {
  const response = await request.get(`/v1/store/orders/${orderId}`, { headers: authorization });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { status: string }).status;
}
