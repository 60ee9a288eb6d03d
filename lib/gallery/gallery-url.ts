/**
 * The gallery's address says how many pages it shows: `/?pages=3` is the newest three
 * pages, with or without JavaScript, so reload, Back and a shared link keep what was shown.
 */
export const GALLERY_MAX_PAGES = 50;

/** `pages` from the query: 1 when absent, undefined when it is not 1…GALLERY_MAX_PAGES. */
export function parseGalleryPages(value: string | string[] | undefined): number | undefined {
  if (value === undefined) return 1;
  if (typeof value !== "string" || !/^[1-9][0-9]?$/.test(value)) return undefined;
  const pages = Number(value);
  return pages <= GALLERY_MAX_PAGES ? pages : undefined;
}

/** The gallery's address showing `pages` pages; the first page is plain `/`. */
export function galleryHref(pages: number): string {
  return pages > 1 ? `/?pages=${pages}` : "/";
}

/** The id of a page's first card, where "Show more" without JavaScript scrolls to. */
export function galleryPageAnchor(page: number): string {
  return `page-${page}`;
}
