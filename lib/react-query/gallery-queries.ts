import { infiniteQueryOptions } from "@tanstack/react-query";
import type { GalleryPage } from "@/lib/gallery/gallery-schemas";
import { petKeys } from "./query-keys";

export type FetchGalleryPage = (cursor: string | undefined) => Promise<GalleryPage>;

/**
 * The browser reads the gallery through the public route, never /v1 (which needs a key).
 * The route validates its output with zod; the browser only checks the shape, so the
 * adopters' bundle does not carry zod.
 */
export const fetchGalleryPage: FetchGalleryPage = async (cursor) => {
  const url = cursor ? `/gallery/pets?cursor=${encodeURIComponent(cursor)}` : "/gallery/pets";
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new Error(typeof message === "string" ? message : `The gallery answered ${response.status}`);
  }
  if (!body || !Array.isArray((body as GalleryPage).pets)) throw new Error("The gallery sent an unexpected answer");
  return body as GalleryPage;
};

/**
 * Available pets, newest first, starting after `after` (a cursor from a "Show more"
 * link rendered without JavaScript). The server passes its own `fetchPage`, which reads
 * the store directly; the key is the same, so the browser picks up the prefetched pages.
 */
export function galleryPetsOptions(after: string | undefined, fetchPage: FetchGalleryPage = fetchGalleryPage) {
  return infiniteQueryOptions({
    queryKey: petKeys.galleryFrom(after),
    queryFn: ({ pageParam }) => fetchPage(pageParam),
    initialPageParam: after,
    getNextPageParam: (lastPage: GalleryPage) => lastPage.nextCursor ?? undefined,
  });
}
