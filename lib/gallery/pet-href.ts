import { galleryHref, galleryPageAnchor, parseGalleryCategory, parseGalleryPages } from "./gallery-url";

/**
 * An animal's page, carrying the gallery view its card was on: the category and how many
 * pages down (docs/decisions/153). The first page of all animals adds nothing.
 */
export function petHref(id: number, pages = 1, category?: number): string {
  const back = galleryHref(pages, category);
  return back === "/" ? `/pets/${id}` : `/pets/${id}${back.slice(1)}`;
}

/**
 * "See all the animals looking for a home": back to the view `petHref` carried, opened at the
 * card's page. Whatever does not read as a gallery view is left out, never an error.
 */
export function galleryReturnHref(query: Partial<Record<"pages" | "category", string | string[]>>): string {
  const pages = parseGalleryPages(query.pages) ?? 1;
  const category = parseGalleryCategory(query.category) ?? undefined;
  const href = galleryHref(pages, category);
  return pages > 1 ? `${href}#${galleryPageAnchor(pages)}` : href;
}
