import { describe, expect, it } from "vitest";
import { PET_STATUSES, type Pet } from "@/lib/pets/schemas";
import type { PetFilter } from "@/lib/pets/pet-filter";
import { inListing, pageChangedBy, type PageScope, type PetChange } from "./page-changes";

/*
 * The rule is judged against a reference listing: for many small shelters, every page of many
 * listings is worked out before and after one random write, and every page that differs must
 * be one the rule says the write changed. The same harness is run on deliberately wrong rules
 * to show it catches them.
 */

const TODAY = "2026-11-28";
/** Shelters tried per rule: each is 12 pets, ~400 listings and one write. */
const SEEDS = 200;
type Rule = (page: PageScope, change: PetChange) => boolean;
type Query = PageScope["query"];

/** A tiny deterministic generator, so a failure repeats. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  const next = () => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  return { next, pick: <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T };
}

function randomPet(id: number, r: ReturnType<typeof random>): Pet {
  const pet: Pet = {
    id,
    name: r.pick(["Rex", "Rexa", "Tom", "Mia"]),
    categoryId: r.pick([1, 2]),
    status: r.pick(PET_STATUSES),
  };
  if (r.next() < 0.3) pet.listed = false;
  if (r.next() < 0.5) pet.sex = r.pick(["female", "male"] as const);
  return pet;
}

const FILTERS: (PetFilter | undefined)[] = [
  undefined,
  { listed: true },
  { listed: false },
  { q: "rexa" },
  { sex: "female", listed: true },
];
const QUERIES: Query[] = [];
for (const limit of [1, 2, 3, 5])
  for (const status of [undefined, ...PET_STATUSES])
    for (const categoryId of [undefined, 2])
      for (const filter of FILTERS) QUERIES.push({ limit, status, categoryId, filter });
QUERIES.push({ limit: 2, ids: [3, 5, 8] }, { limit: 3, ids: [1, 4, 9, 12], status: "available" });

/** The page as both stores answer it; "refused" when the cursor names a pet outside the listing. */
function referencePage(pets: readonly Pet[], query: Query, beforeId: number) {
  if (
    Number.isFinite(beforeId) &&
    !inListing(
      pets.find((pet) => pet.id === beforeId),
      query,
      TODAY,
    )
  )
    return "refused";
  const matching = pets.filter((pet) => pet.id < beforeId && inListing(pet, query, TODAY)).sort((a, b) => b.id - a.id);
  const shown = matching.slice(0, query.limit);
  return { shown, more: matching.length > query.limit };
}

/** The first page that differs after a write the rule says leaves it alone, or undefined. */
function findMiss(rule: Rule, seeds: number, outOfOrderIds: boolean): string | undefined {
  for (let seed = 1; seed <= seeds; seed++) {
    const r = random(seed);
    const ids = Array.from({ length: 12 }, (_, i) => i + 1).filter((id) => !outOfOrderIds || id !== 7);
    const pets = ids.map((id) => randomPet(id, r));
    const change = randomChange(pets, r, outOfOrderIds);
    const after = pets.filter((pet) => pet.id !== change.id).concat(change.after ? [change.after] : []);
    for (const query of QUERIES) {
      for (const beforeId of [Infinity, ...ids]) {
        const old = referencePage(pets, query, beforeId);
        if (old === "refused") continue;
        const now = referencePage(after, query, beforeId);
        const scope: PageScope = {
          query,
          beforeId,
          today: TODAY,
          count: old.shown.length,
          lastId: old.shown.at(-1)?.id,
        };
        if (JSON.stringify(old) !== JSON.stringify(now) && !rule(scope, change))
          return `seed ${seed}: ${JSON.stringify(change)} changed ${JSON.stringify({ query, beforeId })}`;
      }
    }
  }
  return undefined;
}

function randomChange(pets: Pet[], r: ReturnType<typeof random>, outOfOrderIds: boolean): PetChange {
  if (r.next() < 0.35) {
    // A create: the newest id, or on PostgreSQL an id taken earlier that commits later.
    const id = outOfOrderIds && r.next() < 0.5 ? 7 : 13;
    return { id, after: randomPet(id, r) };
  }
  const before = r.pick(pets);
  const after: Pet = { ...before };
  const what = r.pick(["status", "category", "listed", "name", "sex"]);
  if (what === "status") after.status = r.pick(PET_STATUSES);
  if (what === "category") after.categoryId = after.categoryId === 1 ? 2 : 1;
  if (what === "listed") {
    if (after.listed === false) delete after.listed;
    else after.listed = false;
  }
  if (what === "name") after.name = r.pick(["Rex", "Rexa", "Tom", "Mia"]);
  if (what === "sex") after.sex = r.pick(["female", "male"] as const);
  return { id: before.id, before, after };
}

describe("which pages a write changes", { timeout: 60_000 }, () => {
  it("names every page a create or a correction changes, ids in commit order (the file store)", () => {
    expect(findMiss(pageChangedBy, SEEDS, false)).toBeUndefined();
  });

  it("names every page when an id taken earlier commits after a newer one (PostgreSQL)", () => {
    expect(findMiss(pageChangedBy, SEEDS, true)).toBeUndefined();
  });

  it("leaves every later page alone when a pet is created with the newest id", () => {
    const created: PetChange = { id: 100, after: { id: 100, name: "New", categoryId: 1, status: "available" } };
    const later: PageScope = { query: { limit: 20 }, beforeId: 80, today: TODAY, count: 2, lastId: 78 };
    expect(pageChangedBy(later, created)).toBe(false);
    expect(pageChangedBy({ ...later, beforeId: Infinity }, created)).toBe(true);
    // Nor the first page of a listing the new pet is not in.
    expect(pageChangedBy({ ...later, beforeId: Infinity, query: { limit: 20, status: "sold" } }, created)).toBe(false);
  });

  it("leaves a full page alone when a pet below it changes but stays in the listing", () => {
    const before: Pet = { id: 3, name: "Old", categoryId: 1, status: "available" };
    const page: PageScope = { query: { limit: 2 }, beforeId: Infinity, today: TODAY, count: 2, lastId: 8 };
    expect(pageChangedBy(page, { id: 3, before, after: { ...before, name: "New" } })).toBe(false);
    expect(pageChangedBy(page, { id: 3, before, after: { ...before, listed: false } })).toBe(false);
    expect(
      pageChangedBy(
        { ...page, query: { limit: 2, filter: { listed: true } } },
        { id: 3, before, after: { ...before, listed: false } },
      ),
    ).toBe(true);
  });

  describe("the harness catches a wrong rule", () => {
    it("one that forgets where the pet was before the write", () => {
      const forgetsBefore: Rule = (page, change) => pageChangedBy(page, { ...change, before: undefined });
      expect(findMiss(forgetsBefore, SEEDS, false)).toBeDefined();
    });

    it("one that takes a write to change only first pages", () => {
      const firstPagesOnly: Rule = (page, change) => page.beforeId === Infinity && pageChangedBy(page, change);
      expect(findMiss(firstPagesOnly, SEEDS, false)).toBeDefined();
    });

    it("one that takes a create to change only first pages, with ids that commit out of order", () => {
      const createsOnTop: Rule = (page, change) =>
        change.before === undefined
          ? page.beforeId === Infinity && pageChangedBy(page, change)
          : pageChangedBy(page, change);
      expect(findMiss(createsOnTop, SEEDS, false)).toBeUndefined();
      expect(findMiss(createsOnTop, SEEDS, true)).toBeDefined();
    });

    it("one that ignores whether more pets follow", () => {
      const shownOnly: Rule = (page, change) => {
        const last = page.lastId;
        return (
          pageChangedBy(page, change) && !(last !== undefined && change.id < last && page.count >= page.query.limit)
        );
      };
      expect(findMiss(shownOnly, SEEDS, false)).toBeDefined();
    });
  });
});
