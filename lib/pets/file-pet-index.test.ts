import { expect, it } from "vitest";
import { PET_STATUSES, type PetStatus } from "@/lib/pets/schemas";
import { PetIndex } from "./file-pet-index";

it("moves pets between statuses and still pages each status and the whole in id order", () => {
  const index = new PetIndex();
  const model = new Map<number, PetStatus>();
  for (let id = 1; id <= 3000; id++) {
    const status = PET_STATUSES[id % 3] as PetStatus;
    index.add({ id, name: `pet ${id} é`, categoryId: 1 + (id % 5), status });
    model.set(id, status);
  }
  let seed = 7;
  const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  for (let i = 0; i < 2000; i++) {
    const id = 1 + Math.floor(random() * 3000);
    const status = PET_STATUSES[Math.floor(random() * 3)] as PetStatus;
    index.setStatus(id, status);
    model.set(id, status);
  }
  for (const status of PET_STATUSES) {
    const expected = [...model]
      .filter(([, s]) => s === status)
      .map(([id]) => id)
      .reverse();
    expect(index.page(10_000, Infinity, status).pets.map((pet) => pet.id)).toEqual(expected);
  }
  for (const [id, status] of model) {
    expect(index.get(id)).toEqual({ id, name: `pet ${id} é`, categoryId: 1 + (id % 5), status });
    expect(index.holds(id, status)).toBe(true);
  }
  expect(index.page(5, 100).pets.map((pet) => pet.id)).toEqual([99, 98, 97, 96, 95]);
});
