import "server-only";
import { changeState } from "@/lib/applications/applications";
import { moveTo } from "@/lib/applications/changes";
import { nowIso } from "@/lib/clock";
import type { Order, OrderChange } from "@/lib/orders/schemas";
import { getPetStore } from "@/lib/composition";
import { ApplicationConflictError } from "@/lib/applications/application-store";

type Store = Awaited<ReturnType<typeof getPetStore>>;

/**
 * An order's change (PATCH /v1/store/orders/{id}). Cancelling the order that an approved
 * application placed withdraws the application instead, and that cancels the order in the
 * same durable step (docs/decisions/191): an adoption called off from the orders' side, the
 * console's Adoptions view included, never leaves its application approved with no order
 * behind it. A note sent with that cancellation is written just after, in a step of its own.
 */
export async function updateOrder(id: number, change: OrderChange): Promise<Order> {
  const store = await getPetStore();
  if (change.status === "cancelled" && (await withdrawApplicationHolding(store, id))) {
    if (change.note !== undefined) return store.updateOrder(id, { note: change.note });
    const order = await store.getOrder(id);
    if (order) return order;
  }
  return store.updateOrder(id, change);
}

/** Withdraws the approved application whose order this is; false when there is none. */
async function withdrawApplicationHolding(store: Store, orderId: number): Promise<boolean> {
  const order = await store.getOrder(orderId);
  if (order?.status !== "placed" && order?.status !== "approved") return false;
  // An animal has one approved application at a time; older ones whose orders ended are rare.
  const { applications } = await store.listApplications({ limit: 100, petId: order.petId, state: "approved" });
  const holder = applications.find((application) => application.orderId === orderId);
  if (!holder) return false;
  try {
    // Through the applications' one door, so the adopter is told (docs/decisions/211).
    return (await changeState(holder.id, "withdrawn", moveTo("withdrawn", nowIso()))) !== undefined;
  } catch (error) {
    // Declined or withdrawn meanwhile (its order is cancelled already): the order's own change answers.
    if (error instanceof ApplicationConflictError) return false;
    throw error;
  }
}
