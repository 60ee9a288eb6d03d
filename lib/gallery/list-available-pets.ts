import "server-only";
import { getPetStore } from "@/lib/store";
import { GALLERY_PAGE_SIZE, type GalleryPage } from "./gallery-schemas";
import { withPetPhotos } from "./with-pet-photos";

/**
 * The adopters' view of the store: available animals only, newest first. Pages and the
 * public gallery route both read through here, so neither ever needs an API key.
 */
export async function listAvailablePets(cursor?: string, categoryId?: number): Promise<GalleryPage> {
  const store = await getPetStore();
  const page = await store.list({ limit: GALLERY_PAGE_SIZE, status: "available", categoryId, cursor });
  return { pets: await withPetPhotos(page.pets), nextCursor: page.nextCursor ?? null };
}
