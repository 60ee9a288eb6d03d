import type { PetFilter } from "@/lib/pets/pet-filter";
import { galleryFilterEntries } from "./gallery-filter";

/**
 * The gallery's address says how many pages it shows: `/?pages=3` is the newest three
 * pages, with or without JavaScript, so reload, Back and a shared link keep what was shown.
 */
export const GALLERY_MAX_PAGES = 50;

/**
 * Pages one answer renders at most: `/?pages=N` shows pages N−3 to N, with a link to the
 * newer ones, so an anonymous `/?pages=50` costs what `/?pages=4` does (docs/decisions/127).
 */
export const GALLERY_SHOWN_PAGES = 4;

/** The first page `/?pages=N` renders. */
export function firstShownPage(pages: number): number {
  return Math.max(1, pages - GALLERY_SHOWN_PAGES + 1);
}

/** `pages` from the query: 1 when absent, undefined when it is not 1…GALLERY_MAX_PAGES. */
export function parseGalleryPages(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return 1;
  if (typeof value !== "string" || !/^[1-9][0-9]?$/.test(value)) return undefined;
  const pages = Number(value);
  return pages <= GALLERY_MAX_PAGES ? pages : undefined;
}

/** `category` from the query: undefined when absent, null when it is not a category id. */
export function parseGalleryCategory(value: string | string[] | undefined): number | undefined | null {
  if (value === undefined || value === "") return undefined;
  if (typeof value !== "string" || !/^[1-9][0-9]{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * The gallery's address showing `pages` pages, of one category or all, with the adopters'
 * filter if any; the first page of all is plain `/`.
 */
export function galleryHref(pages: number, category?: number, filter?: PetFilter): string {
  const params = new URLSearchParams();
  if (category !== undefined) params.set("category", String(category));
  for (const [name, value] of galleryFilterEntries(filter)) params.append(name, value);
  if (pages > 1) params.set("pages", String(pages));
  const query = params.toString();
  return query ? `/?${query}` : "/";
}

/** The id of a page's first card, where "Show more" without JavaScript scrolls to. */
export function galleryPageAnchor(page: number): string {
  return `page-${page}`;
}
