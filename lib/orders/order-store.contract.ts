import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Order } from "@/lib/orders/schemas";
import { CategoryExistsError } from "@/lib/categories/category-store";
import { OrderConflictError, OrderNotFoundError } from "./order-store";
import { PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import type { ContractSubject } from "@/tests/support/store/contract-subject";
import { IdSpaceExhaustedError, InvalidCursorError } from "@/lib/errors/store-errors";

/**
 * The behaviour every adapter promises for orders and categories (the OrderStore and
 * CategoryStore ports), written once and run against each adapter with the pets contract.
 */
export function describeOrderStoreContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`OrderStore and CategoryStore contract: ${name}`, () => {
    let subject: ContractSubject;
    const store = () => subject.store;
    const newPet = (status?: "available" | "pending" | "sold") =>
      store().create({ name: "Rex", categoryId: 1, ...(status ? { status } : {}) });

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it("places an order for an available pet, which becomes pending in the same step", async () => {
      const pet = await newPet();
      const before = Date.now();
      const order = await store().placeOrder({ petId: pet.id, adopter: "Ada" });
      expect(order).toMatchObject({ petId: pet.id, adopter: "Ada", status: "placed" });
      expect(Number.isSafeInteger(order.id) && order.id > 0).toBe(true);
      expect(order.placedAt).toBe(order.updatedAt);
      expect(Date.parse(order.placedAt)).toBeGreaterThanOrEqual(before - 1000);
      expect(order.placedAt).toMatch(/Z$/);
      await subject.settle();
      expect(await store().getOrder(order.id)).toEqual(order);
      expect((await store().get(pet.id))?.status).toBe("pending");
      expect((await store().list({ limit: 10, status: "pending" })).pets.map((p) => p.id)).toEqual([pet.id]);
      expect((await store().list({ limit: 10, status: "available" })).pets).toEqual([]);
    });

    it("refuses an order for a pet that is not available, saying its status, and for a pet that does not exist", async () => {
      const sold = await newPet("sold");
      await expect(store().placeOrder({ petId: sold.id, adopter: "Ada" })).rejects.toMatchObject({
        petStatus: "sold",
      });
      await expect(store().placeOrder({ petId: sold.id, adopter: "Ada" })).rejects.toBeInstanceOf(PetNotAvailableError);
      await expect(store().placeOrder({ petId: sold.id + 1000, adopter: "Ada" })).rejects.toBeInstanceOf(
        PetNotFoundError,
      );
      const pet = await newPet();
      await store().placeOrder({ petId: pet.id, adopter: "Ada" });
      await expect(store().placeOrder({ petId: pet.id, adopter: "Bob" })).rejects.toMatchObject({
        petStatus: "pending",
      });
    });

    it("approves then delivers (the pet is sold), and cancels (the pet is available again)", async () => {
      const [a, b] = [await newPet(), await newPet()];
      const first = await store().placeOrder({ petId: a.id, adopter: "Ada" });
      const second = await store().placeOrder({ petId: b.id, adopter: "Bob" });
      expect(await store().transitionOrder(first.id, "approved")).toMatchObject({ status: "approved" });
      const delivered = await store().transitionOrder(first.id, "delivered");
      expect(delivered).toMatchObject({ id: first.id, status: "delivered", placedAt: first.placedAt });
      await store().transitionOrder(second.id, "approved");
      await store().transitionOrder(second.id, "cancelled");
      await subject.settle();
      expect((await store().get(a.id))?.status).toBe("sold");
      expect((await store().get(b.id))?.status).toBe("available");
      expect((await store().getOrder(second.id))?.status).toBe("cancelled");
      // Available again: it can be ordered anew.
      expect(await store().placeOrder({ petId: b.id, adopter: "Cy" })).toMatchObject({ status: "placed" });
    });

    it("refuses any other transition with the order's current status, and a missing order", async () => {
      const pet = await newPet();
      const order = await store().placeOrder({ petId: pet.id, adopter: "Ada" });
      await expect(store().transitionOrder(order.id, "delivered")).rejects.toMatchObject({ orderStatus: "placed" });
      await expect(store().transitionOrder(order.id, "placed")).rejects.toBeInstanceOf(OrderConflictError);
      await store().transitionOrder(order.id, "cancelled");
      for (const to of ["approved", "delivered", "cancelled", "placed"] as const) {
        await expect(store().transitionOrder(order.id, to)).rejects.toMatchObject({ orderStatus: "cancelled" });
      }
      await expect(store().transitionOrder(order.id + 1000, "approved")).rejects.toBeInstanceOf(OrderNotFoundError);
      expect(await store().getOrder(order.id + 1000)).toBeUndefined();
      expect((await store().get(pet.id))?.status).toBe("available");
    });

    it("gives exactly one of 50 concurrent orders for one pet", async () => {
      const pet = await newPet();
      const results = await Promise.allSettled(
        Array.from({ length: 50 }, (_, i) => store().placeOrder({ petId: pet.id, adopter: `Adopter ${i}` })),
      );
      const placed = results.filter((result) => result.status === "fulfilled");
      const refused = results.filter((result) => result.status === "rejected");
      expect(placed).toHaveLength(1);
      expect(refused).toHaveLength(49);
      for (const result of refused) expect(result.reason).toBeInstanceOf(PetNotAvailableError);
      await subject.settle();
      expect((await store().listOrders({ limit: 100, petId: pet.id })).orders).toHaveLength(1);
    });

    it("lets exactly one of two concurrent transitions of one order win", async () => {
      const pet = await newPet();
      const order = await store().placeOrder({ petId: pet.id, adopter: "Ada" });
      const results = await Promise.allSettled([
        store().transitionOrder(order.id, "approved"),
        store().transitionOrder(order.id, "cancelled"),
        store().transitionOrder(order.id, "cancelled"),
      ]);
      const won = results.filter((result) => result.status === "fulfilled");
      // approved then cancelled is a legal sequence; two cancellations never both win.
      const cancellations = won.filter((result) => (result.value as Order).status === "cancelled");
      expect(cancellations).toHaveLength(1);
      const final = await store().getOrder(order.id);
      expect((await store().get(pet.id))?.status).toBe(final?.status === "cancelled" ? "available" : "pending");
    });

    it("lists orders newest first, filtered by status and pet, paged by cursors bound to the filters", async () => {
      const pets = [await newPet(), await newPet(), await newPet()];
      const orders: Order[] = [];
      for (const pet of pets) orders.push(await store().placeOrder({ petId: pet.id, adopter: "Ada" }));
      await store().transitionOrder(orders[0]!.id, "cancelled");
      orders.push(await store().placeOrder({ petId: pets[0]!.id, adopter: "Bob" }));
      await subject.settle();
      const ids = (list: Order[]) => list.map((order) => order.id);
      const newest = [...orders].sort((a, b) => b.id - a.id).map((order) => order.id);

      const first = await store().listOrders({ limit: 3 });
      expect(ids(first.orders)).toEqual(newest.slice(0, 3));
      expect(first.nextCursor).toBeDefined();
      const second = await store().listOrders({ limit: 3, cursor: first.nextCursor });
      expect(ids(second.orders)).toEqual(newest.slice(3));
      expect(second.nextCursor).toBeUndefined();

      expect(ids((await store().listOrders({ limit: 10, status: "cancelled" })).orders)).toEqual([orders[0]!.id]);
      expect(ids((await store().listOrders({ limit: 10, petId: pets[0]!.id })).orders)).toEqual([
        orders[3]!.id,
        orders[0]!.id,
      ]);
      const placed = await store().listOrders({ limit: 1, status: "placed", petId: pets[0]!.id });
      expect(ids(placed.orders)).toEqual([orders[3]!.id]);
      expect(placed.nextCursor).toBeUndefined();
      await expect(store().listOrders({ limit: 3, status: "placed", cursor: first.nextCursor })).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
      expect((await store().listOrders({ limit: 10, petId: 9_000_000 })).orders).toEqual([]);
    });

    it("creates categories with a given or the next id, renames them, and refuses a taken id", async () => {
      expect(await store().listCategories()).toEqual([]);
      expect(await store().createCategory({ name: "Dogs", id: 3 })).toEqual({ id: 3, name: "Dogs" });
      expect(await store().createCategory({ name: "Cats" })).toEqual({ id: 4, name: "Cats" });
      await expect(store().createCategory({ name: "Birds", id: 3 })).rejects.toBeInstanceOf(CategoryExistsError);
      expect(await store().renameCategory(4, "Big cats")).toEqual({ id: 4, name: "Big cats" });
      expect(await store().renameCategory(5, "Nobody")).toBeUndefined();
      await subject.settle();
      expect(await store().listCategories()).toEqual([
        { id: 3, name: "Dogs" },
        { id: 4, name: "Big cats" },
      ]);
    });

    it("refuses a next category id past 2^53-1, writes nothing for it and keeps accepting free ids", async () => {
      const max = Number.MAX_SAFE_INTEGER;
      expect(await store().createCategory({ name: "Max", id: max })).toEqual({ id: max, name: "Max" });
      await expect(store().createCategory({ name: "Overflow" })).rejects.toBeInstanceOf(IdSpaceExhaustedError);
      await expect(store().createCategory({ name: "Overflow" })).rejects.toBeInstanceOf(IdSpaceExhaustedError);
      expect(await store().createCategory({ name: "Seven", id: 7 })).toEqual({ id: 7, name: "Seven" });
      await subject.settle();
      expect(await store().listCategories()).toEqual([
        { id: 7, name: "Seven" },
        { id: max, name: "Max" },
      ]);
      await expect(store().createCategory({ name: "Overflow" })).rejects.toBeInstanceOf(IdSpaceExhaustedError);
    });

    it("lists one category's pets, newest first, optionally one status, with cursors bound to both", async () => {
      const made = [];
      for (let i = 0; i < 7; i++) {
        made.push(
          await store().create({ name: `P${i}`, categoryId: 1 + (i % 2), status: i === 4 ? "sold" : "available" }),
        );
      }
      await subject.settle();
      const ids = (pets: { id: number }[]) => pets.map((pet) => pet.id);
      const second = made.filter((pet) => pet.categoryId === 1).reverse(); // P6, P4 (sold), P2, P0
      const first = await store().list({ limit: 2, categoryId: 1 });
      expect(ids(first.pets)).toEqual(ids(second.slice(0, 2)));
      const rest = await store().list({ limit: 2, categoryId: 1, cursor: first.nextCursor });
      expect(ids(rest.pets)).toEqual(ids(second.slice(2)));
      expect(rest.nextCursor).toBeUndefined();
      const available = await store().list({ limit: 10, categoryId: 1, status: "available" });
      expect(ids(available.pets)).toEqual(ids(second.filter((pet) => pet.status === "available")));
      await expect(store().list({ limit: 2, cursor: first.nextCursor })).rejects.toBeInstanceOf(InvalidCursorError);
      await expect(store().list({ limit: 2, categoryId: 2, cursor: first.nextCursor })).rejects.toBeInstanceOf(
        InvalidCursorError,
      );
      expect((await store().list({ limit: 5, categoryId: 99 })).pets).toEqual([]);
    });
  });
}
