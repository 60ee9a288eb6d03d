import type { Pet } from "@/lib/pets/schemas";
import type { ListPetsQuery, PetPage } from "@/lib/pets/pet-store";
import { listingMatches, nameMatches, profileMatches } from "@/lib/pets/pet-filter";

/**
 * Which remembered pages of `GET /v1/pets` a write changes, so a write forgets those and keeps
 * the rest (issue 39). A page of a listing (status, category, ids, filter) is the first
 * `limit` pets of it with ids below its cursor's pet (every id, without a cursor), newest
 * first, and whether more follow. One pet changing (created, corrected, moved to another
 * status) changes such a page only when the pet is, or was, in the listing and:
 *  - its id is the cursor's: whether the cursor is still valid depends on the listing;
 *  - its id is below the cursor's and at or above the page's last pet, or the page is not
 *    full: it appears on, disappears from or changes on the page;
 *  - its id is below the page's last pet and it entered or left the listing: the pets shown
 *    stay, but whether more follow may not.
 * A pet above the cursor changes nothing, so a create (the newest id) leaves every later
 * page of every listing as it was: on the file store, where ids are taken in commit order.
 * On PostgreSQL an id is taken before its commit, and the rule still holds because it asks
 * only where the id falls. Why: docs/decisions/227.
 */
export interface PageScope {
  query: Pick<ListPetsQuery, "status" | "categoryId" | "ids" | "filter" | "limit">;
  /** The cursor's pet id; Infinity for the first page. */
  beforeId: number;
  /** The day age groups were counted from (YYYY-MM-DD). */
  today: string;
  /** How many pets the page shows, and the id of its last (oldest) one. */
  count: number;
  lastId?: number;
}

/** One pet as it was before a write and as it is after it (absent: it did not exist). */
export interface PetChange {
  id: number;
  before?: Pet;
  after?: Pet;
}

/** Whether `pet` is in the listing (status, category, ids, filter) as both stores decide it. */
export function inListing(pet: Pet | undefined, query: PageScope["query"], today: string): boolean {
  if (!pet) return false;
  const { status, categoryId, ids, filter } = query;
  if (status !== undefined && pet.status !== status) return false;
  if (categoryId !== undefined && pet.categoryId !== categoryId) return false;
  if (ids && !ids.includes(pet.id)) return false;
  if (!filter) return true;
  return listingMatches(pet.listed, filter) && profileMatches(pet, filter, today) && nameMatches(pet.name, filter.q);
}

export function pageChangedBy(page: PageScope, { id, before, after }: PetChange): boolean {
  const wasIn = inListing(before, page.query, page.today);
  const isIn = inListing(after, page.query, page.today);
  if (!wasIn && !isIn) return false;
  if (id > page.beforeId) return false;
  if (id === page.beforeId) return true;
  const last = page.lastId;
  if (page.count < page.query.limit || last === undefined || id >= last) return true;
  return wasIn !== isIn;
}

/** The scope of a page a listing answered: what pageChangedBy needs to judge it. */
export function scopeOf(query: ListPetsQuery, beforeId: number, today: string, page: PetPage): PageScope {
  return { query, beforeId, today, count: page.pets.length, lastId: page.pets.at(-1)?.id };
}
