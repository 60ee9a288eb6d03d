import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { PetStatus } from "@/lib/pets/schemas";
import { PetHeldByOrderError, PetNotAvailableError, PetNotFoundError } from "@/lib/pets/pet-errors";
import type { ContractSubject } from "@/tests/support/store/contract-subject";
import { PetVersionMismatchError } from "@/lib/errors/store-errors";
import { petVersion } from "@/lib/pets/pet-version";

/**
 * Correcting a pet (PetStore.updatePet, docs/decisions/155), run against each adapter: a
 * status no order can move is set with a reason, never one an open order holds.
 */
export function describePetPatchContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`PetStore.updatePet contract: ${name}`, () => {
    let subject: ContractSubject;
    const store = () => subject.store;
    const newPet = (status: PetStatus = "available") => store().create({ name: "Rex", categoryId: 2, status });
    const statusOf = async (id: number) => (await store().get(id))?.status;

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    it("moves a pet added as pending or sold, and the change lasts", async () => {
      const pending = await newPet("pending");
      const sold = await newPet("sold");
      const corrected = await store().updatePet(pending.id, { status: "available", reason: "Added by mistake" });
      expect(corrected).toEqual({ ...pending, status: "available" });
      await store().updatePet(sold.id, { status: "pending", reason: "Back on trial" });
      // Enough writes after the change for a compaction to fold it into the snapshot.
      for (let i = 0; i < 20; i++) await newPet();
      await subject.settle();
      expect(await statusOf(pending.id)).toBe("available");
      expect(await statusOf(sold.id)).toBe("pending");
      const listed = await store().list({ limit: 50, status: "pending" });
      expect(listed.pets.map((pet) => pet.id)).toEqual([sold.id]);
      expect(await store().placeOrder({ petId: pending.id, adopter: "Ada" })).toMatchObject({ status: "placed" });
    });

    it("changes nothing when the pet has the status already", async () => {
      const pet = await newPet("sold");
      expect(await store().updatePet(pet.id, { status: "sold", reason: "Checking" })).toEqual(pet);
      await subject.settle();
      expect(await store().get(pet.id)).toEqual(pet);
    });

    it("refuses while an open order holds the pet, and not once the order has ended", async () => {
      const pet = await newPet();
      const order = await store().placeOrder({ petId: pet.id, adopter: "Ada" });
      const correct = () => store().updatePet(pet.id, { status: "available", reason: "Queue jump" });
      await expect(correct()).rejects.toBeInstanceOf(PetHeldByOrderError);
      await store().transitionOrder(order.id, "approved");
      await expect(correct()).rejects.toBeInstanceOf(PetHeldByOrderError);
      await store().transitionOrder(order.id, "delivered");
      await subject.settle();
      expect(await statusOf(pet.id)).toBe("sold");
      expect((await correct()).status).toBe("available");
    });

    it("refuses a pet that does not exist", async () => {
      const pet = await newPet();
      await expect(store().updatePet(pet.id + 1000, { status: "sold", reason: "r" })).rejects.toBeInstanceOf(
        PetNotFoundError,
      );
    });

    it("an order and a correction at once: exactly one wins, and the pet agrees with it", async () => {
      for (let round = 0; round < 5; round++) {
        const pet = await newPet();
        const [order, correction] = await Promise.allSettled([
          store().placeOrder({ petId: pet.id, adopter: "Ada" }),
          store().updatePet(pet.id, { status: "sold", reason: "Adopted at the open day" }),
        ]);
        expect([order.status, correction.status].filter((status) => status === "fulfilled")).toHaveLength(1);
        if (order.status === "fulfilled") {
          expect(correction.status === "rejected" && correction.reason).toBeInstanceOf(PetHeldByOrderError);
          expect(await statusOf(pet.id)).toBe("pending");
        } else {
          expect(order.reason).toBeInstanceOf(PetNotAvailableError);
          expect(await statusOf(pet.id)).toBe("sold");
        }
      }
    });

    it("corrects name, category and profile with a merge patch, and the correction lasts", async () => {
      const pet = await store().create({
        name: "Rexx",
        categoryId: 2,
        sex: "male",
        breed: "Collie",
        goodWith: { dogs: "yes" },
      });
      expect(pet).toEqual({
        id: pet.id,
        name: "Rexx",
        categoryId: 2,
        status: "available",
        sex: "male",
        breed: "Collie",
        goodWith: { dogs: "yes" },
      });
      const corrected = await store().updatePet(pet.id, {
        name: "Rex",
        categoryId: 3,
        breed: null,
        birthDate: "2020-05-01",
        birthDateIsEstimate: true,
        goodWith: { cats: "no", dogs: null, children: "yes" },
      });
      const expected = {
        id: pet.id,
        name: "Rex",
        categoryId: 3,
        status: "available",
        sex: "male",
        birthDate: "2020-05-01",
        birthDateIsEstimate: true,
        goodWith: { children: "yes", cats: "no" },
      };
      expect(corrected).toEqual(expected);
      for (let i = 0; i < 20; i++) await newPet();
      await subject.settle();
      expect(await store().get(pet.id)).toEqual(expected);
      const listed = await store().list({ limit: 50, categoryId: 3 });
      expect(listed.pets).toEqual([expected]);
    });

    it("edits a pet an open order holds, but not its status", async () => {
      const pet = await newPet();
      await store().placeOrder({ petId: pet.id, adopter: "Ada" });
      const edited = await store().updatePet(pet.id, { description: "Loves naps.\nAnd walks." });
      expect(edited).toMatchObject({ status: "pending", description: "Loves naps.\nAnd walks." });
      await expect(store().updatePet(pet.id, { name: "Max", status: "pending", reason: "r" })).rejects.toBeInstanceOf(
        PetHeldByOrderError,
      );
      expect((await store().get(pet.id))?.name).toBe("Rex");
    });

    it("a sold animal comes back: available again, with its profile", async () => {
      const pet = await store().create({ name: "Rex", categoryId: 2, size: "large" });
      const order = await store().placeOrder({ petId: pet.id, adopter: "Ada" });
      await store().transitionOrder(order.id, "approved");
      await store().transitionOrder(order.id, "delivered");
      const back = await store().updatePet(pet.id, { status: "available", reason: "Returned after a week" });
      expect(back).toEqual({ ...pet, status: "available" });
    });

    it("removing every profile field leaves the pet as it was before profiles", async () => {
      const pet = await store().create({ name: "Rex", categoryId: 2, sex: "male" });
      expect(await store().updatePet(pet.id, { sex: null, goodWith: null })).toEqual({
        id: pet.id,
        name: "Rex",
        categoryId: 2,
        status: "available",
      });
    });
    it("with versions (If-Match), writes only over the version the caller had, checked inside the write", async () => {
      const pet = await store().create({ name: "Rex", categoryId: 2, breed: "Collie" });
      const opened = petVersion(pet);
      expect(petVersion((await store().get(pet.id)) as typeof pet)).toBe(opened);
      const first = await store().updatePet(pet.id, { description: "First." }, [opened]);
      expect(petVersion(first)).not.toBe(opened);
      await expect(store().updatePet(pet.id, { description: "Second." }, [opened])).rejects.toBeInstanceOf(
        PetVersionMismatchError,
      );
      await expect(store().updatePet(pet.id, { name: "Max" }, [])).rejects.toBeInstanceOf(PetVersionMismatchError);
      await subject.settle();
      expect(await store().get(pet.id)).toEqual(first);
      expect(petVersion((await store().get(pet.id)) as typeof pet)).toBe(petVersion(first));
      // Two saves over one version at once: exactly one is taken.
      const version = petVersion(first);
      const both = await Promise.allSettled([
        store().updatePet(pet.id, { description: "Tab one." }, [version]),
        store().updatePet(pet.id, { description: "Tab two." }, [version]),
      ]);
      expect(both.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
      const refused = both.find((outcome) => outcome.status === "rejected");
      expect(refused?.status === "rejected" && refused.reason).toBeInstanceOf(PetVersionMismatchError);
      const kept = both.find((outcome) => outcome.status === "fulfilled");
      expect(await store().get(pet.id)).toEqual(kept?.status === "fulfilled" && kept.value);
    });

    it("a conditional write names a missing pet as missing, whatever the versions", async () => {
      const pet = await newPet();
      await expect(store().updatePet(pet.id + 1000, { name: "Max" }, ["x"])).rejects.toBeInstanceOf(PetNotFoundError);
    });
  });
}
