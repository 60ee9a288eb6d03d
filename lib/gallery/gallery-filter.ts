import { AgeGroup, GOOD_WITH, NAME_MAX_LENGTH, PetSex, PetSize, type GoodWithTarget } from "@/lib/pets/schemas";
import type { PetFilter } from "@/lib/pets/pet-filter";

type Query = Record<string, string | string[] | undefined>;

/** The gallery's filter fields, in the order its address writes them (after `category`). */
export const GALLERY_FILTER_FIELDS = ["q", "ageGroup", "size", "sex", "goodWith"] as const;

/**
 * The adopters' filter from the gallery's address (`/?q=bel&size=small&goodWith=dogs`): the
 * plain GET form writes it, so it works without JavaScript. Undefined fields are not
 * filtered on; an empty field (a form left at "Any") is the same as none. Null when a value
 * is not one the form offers: the page redirects to `/`, as for a malformed category.
 */
export function parseGalleryFilter(query: Query): PetFilter | null {
  const filter: PetFilter = {};
  const single = (name: string) => {
    const value = query[name];
    return Array.isArray(value) ? null : value?.trim() || undefined;
  };
  const q = single("q");
  if (q === null || (q !== undefined && ([...q].length > NAME_MAX_LENGTH || /\p{Cc}/u.test(q)))) return null;
  if (q !== undefined) filter.q = q;
  for (const [name, schema] of [
    ["sex", PetSex],
    ["size", PetSize],
    ["ageGroup", AgeGroup],
  ] as const) {
    const value = single(name);
    if (value === null) return null;
    if (value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) return null;
    Object.assign(filter, { [name]: parsed.data });
  }
  const goodWith = [query.goodWith ?? []].flat();
  if (!goodWith.every((target) => (GOOD_WITH as readonly string[]).includes(target))) return null;
  if (goodWith.length > 0) filter.goodWith = GOOD_WITH.filter((target) => goodWith.includes(target));
  return filter;
}

/** The filter as address parameters, in one order, so one choice has one address. */
export function galleryFilterEntries(filter: PetFilter | undefined): [string, string][] {
  if (!filter) return [];
  const entries: [string, string][] = [];
  if (filter.q !== undefined) entries.push(["q", filter.q]);
  if (filter.ageGroup) entries.push(["ageGroup", filter.ageGroup]);
  if (filter.size) entries.push(["size", filter.size]);
  if (filter.sex) entries.push(["sex", filter.sex]);
  for (const target of filter.goodWith ?? []) entries.push(["goodWith", target as GoodWithTarget]);
  return entries;
}

/** Whether the address spells a filter field out with nothing in it (a GET form's "Any"). */
export function hasEmptyField(query: Query): boolean {
  return ["category", ...GALLERY_FILTER_FIELDS].some((name) => query[name] === "");
}
