import type { GalleryPage } from "@/lib/gallery/gallery-schemas";

export type FetchGalleryPage = (cursor: string | undefined, category?: number) => Promise<GalleryPage>;

/**
 * The browser reads the gallery's next page through the public route, never /v1 (which
 * needs a key). Plain fetch, no React Query: the adopters' pages stay light.
 * The route validates its output with zod; the browser only checks the shape, so the
 * adopters' bundle does not carry zod.
 */
export const fetchGalleryPage: FetchGalleryPage = async (cursor, category) => {
  const params = new URLSearchParams();
  if (cursor) params.set("cursor", cursor);
  if (category !== undefined) params.set("category", String(category));
  const url = params.size > 0 ? `/gallery/pets?${params}` : "/gallery/pets";
  const response = await fetch(url, { headers: { Accept: "application/json" } });
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new Error(typeof message === "string" ? message : `The gallery answered ${response.status}`);
  }
  if (!body || !Array.isArray((body as GalleryPage).pets)) throw new Error("The gallery sent an unexpected answer");
  return body as GalleryPage;
};
