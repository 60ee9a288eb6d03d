import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { InvalidCursorError } from "@/lib/errors/store-errors";
import type { ContractSubject } from "@/tests/support/store/contract-subject";
import type { ListPetsQuery } from "@/lib/pets/pet-store";

/**
 * Listing given pets and filtering by name and profile (issue 24), run against each adapter.
 * Birth dates are far from any age group's edge, so the test holds whatever today is.
 */
export function describePetFilterContract(name: string, open: () => Promise<ContractSubject>): void {
  describe(`PetStore.list filters contract: ${name}`, () => {
    let subject: ContractSubject;
    const store = () => subject.store;
    const ids = async (query: Omit<ListPetsQuery, "limit"> & { limit?: number }) =>
      (await store().list({ limit: 50, ...query })).pets.map((pet) => pet.id);
    const year = new Date().getUTCFullYear();

    beforeEach(async () => {
      subject = await open();
    });
    afterEach(async () => {
      await subject.cleanup();
    });

    async function shelter() {
      const bella = await store().create({
        name: "Bella",
        categoryId: 1,
        sex: "female",
        size: "small",
        birthDate: `${year - 10}-06-15`,
        goodWith: { children: "yes", dogs: "yes" },
      });
      const max = await store().create({
        name: "Max",
        categoryId: 1,
        sex: "male",
        size: "large",
        birthDate: `${year - 5}-01-01`,
      });
      const isabel = await store().create({
        name: "Isabel 50%_off",
        categoryId: 2,
        sex: "female",
        goodWith: { children: "yes" },
      });
      const plain = await store().create({ name: "Rex", categoryId: 2 });
      return { bella, max, isabel, plain };
    }

    it("fetches given pets, newest first, leaving out ids of no pet", async () => {
      const { bella, isabel } = await shelter();
      expect(await ids({ ids: [bella.id, 999_999, isabel.id] })).toEqual([isabel.id, bella.id]);
      expect(await ids({ ids: [999_999] })).toEqual([]);
      expect(await ids({ ids: [bella.id, isabel.id], status: "sold" })).toEqual([]);
    });

    it("searches names ignoring case, taking % and _ literally", async () => {
      const { bella, isabel } = await shelter();
      expect(await ids({ filter: { q: "BEL" } })).toEqual([isabel.id, bella.id]);
      expect(await ids({ filter: { q: "50%_" } })).toEqual([isabel.id]);
      expect(await ids({ filter: { q: "%" } })).toEqual([isabel.id]);
      expect(await ids({ filter: { q: "zzz" } })).toEqual([]);
    });

    it("filters by sex, size, age group and good-with; unknown matches no filter", async () => {
      const { bella, max, isabel } = await shelter();
      expect(await ids({ filter: { sex: "female" } })).toEqual([isabel.id, bella.id]);
      expect(await ids({ filter: { size: "large" } })).toEqual([max.id]);
      expect(await ids({ filter: { ageGroup: "senior" } })).toEqual([bella.id]);
      expect(await ids({ filter: { ageGroup: "adult" } })).toEqual([max.id]);
      expect(await ids({ filter: { ageGroup: "baby" } })).toEqual([]);
      expect(await ids({ filter: { goodWith: ["children"] } })).toEqual([isabel.id, bella.id]);
      expect(await ids({ filter: { goodWith: ["children", "dogs"] } })).toEqual([bella.id]);
      expect(await ids({ filter: { goodWith: ["cats"] } })).toEqual([]);
    });

    it("combines filters with status, category and ids", async () => {
      const { bella, max, isabel } = await shelter();
      expect(await ids({ categoryId: 1, filter: { sex: "female" } })).toEqual([bella.id]);
      expect(await ids({ status: "available", filter: { q: "a", sex: "male" } })).toEqual([max.id]);
      expect(await ids({ ids: [bella.id, max.id, isabel.id], filter: { sex: "female" }, categoryId: 2 })).toEqual([
        isabel.id,
      ]);
      await store().placeOrder({ petId: bella.id, adopter: "Ada" });
      expect(await ids({ status: "available", filter: { goodWith: ["children"] } })).toEqual([isabel.id]);
    });

    it("pages a filtered listing, and its cursor pages only that listing", async () => {
      const made = [];
      for (let i = 0; i < 5; i++) made.push(await store().create({ name: `Dot ${i}`, categoryId: 1, sex: "female" }));
      await store().create({ name: "Dot male", categoryId: 1, sex: "male" });
      const query = { limit: 2, filter: { sex: "female" as const } };
      const seen: number[] = [];
      let cursor: string | undefined;
      do {
        const page = await store().list({ ...query, cursor });
        seen.push(...page.pets.map((pet) => pet.id));
        cursor = page.nextCursor;
        if (cursor) {
          await expect(Promise.resolve().then(() => store().list({ limit: 2, cursor }))).rejects.toBeInstanceOf(
            InvalidCursorError,
          );
          await expect(
            Promise.resolve().then(() => store().list({ limit: 2, cursor, filter: { sex: "male" } })),
          ).rejects.toBeInstanceOf(InvalidCursorError);
        }
      } while (cursor);
      expect(seen).toEqual(made.map((pet) => pet.id).reverse());
      const byIds = await store().list({ limit: 1, ids: [made[0]!.id, made[1]!.id] });
      expect(byIds.pets.map((pet) => pet.id)).toEqual([made[1]!.id]);
      const next = await store().list({ limit: 1, ids: [made[0]!.id, made[1]!.id], cursor: byIds.nextCursor });
      expect(next.pets.map((pet) => pet.id)).toEqual([made[0]!.id]);
    });
    it("keeps an unlisted pet out of listed-only listings, through edits and a restart (decision 215)", async () => {
      const listed = await store().create({ name: "Shown", categoryId: 1 });
      const unlisted = await store().create({ name: "Prepared", categoryId: 1, sex: "female", listed: false });
      expect(unlisted).toMatchObject({ status: "available", listed: false });
      expect(listed).not.toHaveProperty("listed");
      // Edited while unlisted: an edit keeps it unlisted; a status change too.
      await store().updatePet(unlisted.id, { breed: "Collie" });
      await subject.settle();
      expect(await store().get(unlisted.id)).toMatchObject({ breed: "Collie", listed: false });
      expect(await ids({ filter: { listed: true } })).toEqual([listed.id]);
      expect(await ids({ status: "available", filter: { listed: true } })).toEqual([listed.id]);
      expect(await ids({ filter: { listed: false } })).toEqual([unlisted.id]);
      expect(await ids({ filter: { listed: true, sex: "female" } })).toEqual([]);
      expect(await ids({ ids: [unlisted.id, listed.id], filter: { listed: true } })).toEqual([listed.id]);
      expect(await ids({})).toEqual([unlisted.id, listed.id]);
      expect(await store().updatePet(unlisted.id, { listed: true })).not.toHaveProperty("listed");
      await subject.settle();
      expect(await store().get(unlisted.id)).not.toHaveProperty("listed");
      expect(await ids({ filter: { listed: true } })).toEqual([unlisted.id, listed.id]);
      expect(await ids({ filter: { listed: false } })).toEqual([]);
    });
  });
}
