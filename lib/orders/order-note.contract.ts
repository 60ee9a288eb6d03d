import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { OrderConflictError, OrderNotFoundError } from "./order-store";
import type { ContractSubject } from "@/tests/support/store/contract-subject";

/** Staff's note on an order (docs/decisions/156), run against each adapter. */
export function describeOrderNoteContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`OrderStore notes contract: ${name}`, () => {
    let subject: ContractSubject;
    const store = () => subject.store;
    const placed = async (note?: string) => {
      const pet = await store().create({ name: "Rex", categoryId: 1 });
      return store().placeOrder({ petId: pet.id, adopter: "Ada", ...(note === undefined ? {} : { note }) });
    };

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it("keeps a note given when placing, and an order placed without one has none", async () => {
      const withNote = await placed("Collects on Saturday\nHas a cat");
      const without = await placed();
      expect(withNote.note).toBe("Collects on Saturday\nHas a cat");
      expect("note" in without).toBe(false);
      await subject.settle();
      expect((await store().getOrder(withNote.id))?.note).toBe("Collects on Saturday\nHas a cat");
      expect((await store().listOrders({ limit: 10 })).orders.map((order) => order.note)).toEqual([
        undefined,
        "Collects on Saturday\nHas a cat",
      ]);
    });

    it("changes and removes the note alone, in any status, without touching the pet", async () => {
      const order = await placed();
      const noted = await store().updateOrder(order.id, { note: "Phoned twice" });
      expect(noted).toMatchObject({ status: "placed", note: "Phoned twice" });
      await store()
        .transitionOrder(order.id, "delivered")
        .catch(() => undefined); // placed cannot be delivered
      await store().transitionOrder(order.id, "approved");
      await store().transitionOrder(order.id, "delivered");
      // The pet, sold now, is corrected; a later note on the delivered order must not undo that.
      await store().updatePet(order.petId, { status: "available", reason: "Returned" });
      const later = await store().updateOrder(order.id, { note: "Returned after a week" });
      expect(later).toMatchObject({ status: "delivered", note: "Returned after a week" });
      for (let i = 0; i < 20; i++) await store().create({ name: `Filler ${i}`, categoryId: 1 });
      await subject.settle();
      expect((await store().get(order.petId))?.status).toBe("available");
      expect((await store().getOrder(order.id))?.note).toBe("Returned after a week");
      const removed = await store().updateOrder(order.id, { note: null });
      expect("note" in removed).toBe(false);
      expect("note" in ((await store().updateOrder(order.id, { note: "" })) as object)).toBe(false);
    });

    it("moves and notes in one step, and a refused move changes the note neither", async () => {
      const order = await placed("First");
      const approved = await store().updateOrder(order.id, { status: "approved", note: "Approved by Sam" });
      expect(approved).toMatchObject({ status: "approved", note: "Approved by Sam" });
      await expect(store().updateOrder(order.id, { status: "placed", note: "Nope" })).rejects.toBeInstanceOf(
        OrderConflictError,
      );
      await subject.settle();
      expect((await store().getOrder(order.id))?.note).toBe("Approved by Sam");
      await expect(store().updateOrder(order.id + 1000, { note: "x" })).rejects.toBeInstanceOf(OrderNotFoundError);
    });
  });
}
