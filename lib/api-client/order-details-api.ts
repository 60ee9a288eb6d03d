import "./zod-without-eval";
import { Order } from "@/lib/orders/schemas";
import { Pet } from "@/lib/pets/schemas";
import { succeeded, v1Client } from "./v1-client";

/** Sets (or, with "", removes) staff's note on an order: its PATCH with `note` only (decision 156). */
export async function noteOrderWithKey(apiKey: string, orderId: number, note: string): Promise<Order> {
  const { data } = await succeeded(
    v1Client(apiKey).PATCH("/store/orders/{orderId}", { params: { path: { orderId } }, body: { note } }),
  );
  return Order.parse(data);
}

/** One pet, for the orders view's names (docs/decisions/157). */
export async function getPetWithKey(apiKey: string, petId: number): Promise<Pet> {
  const { data } = await succeeded(v1Client(apiKey).GET("/pets/{petId}", { params: { path: { petId } } }));
  return Pet.parse(data);
}
