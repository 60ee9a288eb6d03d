import { describe, expect, it } from "vitest";
import type { Pet } from "@/lib/pets/schemas";
import { FirstPets, rememberedCursors } from "./first-pets";

const pet = (id: number): Pet => ({ id, name: `Pet ${id}`, categoryId: 1, status: "available" });
const ids = (pets: readonly Pet[]) => pets.map((shown) => shown.id);
const cursorOf = (lastId: number) => `after ${lastId}`;

/** The list a store reads with limit `span` from a listing of pets `newest`..1. */
function read(newest: number, span: number): FirstPets {
  const pets: Pet[] = [];
  for (let id = newest; id >= 1 && pets.length < span; id--) pets.push(pet(id));
  return FirstPets.of(pets, newest > span, span, cursorOf);
}

describe("FirstPets: every first page of a listing cut from one list (docs/decisions/309)", () => {
  it("cuts a page of any limit it covers, with a next cursor when more follow", () => {
    const list = read(10, 5);
    expect(ids(list.page(3).pets)).toEqual([10, 9, 8]);
    expect(list.page(3).nextCursor).toBe("after 8");
    expect(ids(list.page(5).pets)).toEqual([10, 9, 8, 7, 6]);
    expect(list.page(5).nextCursor).toBe("after 6");
    expect(list.covers(5)).toBe(true);
    expect(list.covers(6)).toBe(false);
  });

  it("covers every limit when it holds the whole listing, without a cursor past its end", () => {
    const list = read(3, 5);
    expect(list.covers(100)).toBe(true);
    expect(ids(list.page(100).pets)).toEqual([3, 2, 1]);
    expect(list.page(100).nextCursor).toBeUndefined();
    expect(list.page(3).nextCursor).toBeUndefined();
    expect(list.page(2).nextCursor).toBe("after 2");
    expect(read(0, 5).page(20)).toEqual({ pets: [] });
  });

  it("hands out one frozen page per size until it is replaced, the pets shared", () => {
    const list = read(10, 5);
    const page = list.page(3);
    expect(list.page(3)).toBe(page);
    expect(Object.isFrozen(page) && Object.isFrozen(page.pets) && Object.isFrozen(page.pets[0])).toBe(true);
    expect(list.page(5).pets[0]).toBe(page.pets[0]);
    // Limits past the listing's end are one page, the list's own pets.
    const small = read(3, 5);
    expect(small.page(50)).toBe(small.page(7));
    expect(small.page(50).pets).toEqual(small.pets);
  });

  it("a create goes on top, the list keeps its span and says more follow once one falls off", () => {
    const list = read(4, 5).withCreated(pet(5));
    expect(ids(list.pets)).toEqual([5, 4, 3, 2, 1]);
    expect(list.more).toBe(false);
    const next = list.withCreated(pet(6));
    expect(ids(next.pets)).toEqual([6, 5, 4, 3, 2]);
    expect(next.more).toBe(true);
    expect(next.page(5).nextCursor).toBe("after 2");
    expect(next.page(2)).toEqual({ pets: [pet(6), pet(5)], nextCursor: "after 5" });
    // The list before is as it was: pages already handed out do not change.
    expect(ids(list.page(5).pets)).toEqual([5, 4, 3, 2, 1]);
  });

  it("a pet committed out of order goes where its id belongs, or nowhere when beyond the pets held", () => {
    // 20, 18, .., 12 and more: ids 19, 17, .. were taken by creates still committing.
    const list = FirstPets.of([20, 18, 16, 14, 12].map(pet), true, 5, cursorOf);
    const put = list.withCreated(pet(17));
    expect(ids(put.pets)).toEqual([20, 18, 17, 16, 14]);
    expect(put.more).toBe(true);
    expect(list.withCreated(pet(11))).toBe(list);
    // The whole listing held: an older pet goes at the end.
    const whole = FirstPets.of([9, 7].map(pet), false, 5, cursorOf).withCreated(pet(5));
    expect(ids(whole.pets)).toEqual([9, 7, 5]);
    expect(whole.more).toBe(false);
  });

  it("a pet the list shows already (read after its commit) is replaced, not shown twice", () => {
    const list = read(10, 5);
    const again = list.withCreated({ ...pet(10), name: "Ten" });
    expect(ids(again.pets)).toEqual([10, 9, 8, 7, 6]);
    expect(again.pets[0]!.name).toBe("Ten");
  });
});

describe("rememberedCursors", () => {
  it("encodes each last pet once, and starts again past its bound", () => {
    let made = 0;
    const cursor = rememberedCursors((id) => {
      made++;
      return `c${id}`;
    }, 2);
    expect([cursor(1), cursor(1), cursor(2)]).toEqual(["c1", "c1", "c2"]);
    expect(made).toBe(2);
    cursor(3);
    cursor(1);
    expect(made).toBe(4);
  });
});
