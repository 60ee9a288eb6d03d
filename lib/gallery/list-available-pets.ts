import "server-only";
import { getPetStore } from "@/lib/composition";
import { forAdopters } from "@/lib/pets/pet-filter";
import { GALLERY_PAGE_SIZE, type GalleryPage } from "./gallery-schemas";
import { withPetPhotos } from "./with-pet-photos";

/**
 * The adopters' view of the store: available, listed animals only, newest first. Pages and the
 * public gallery route both read through here, so neither ever needs an API key.
 */
export async function listAvailablePets(cursor?: string, categoryId?: number): Promise<GalleryPage> {
  const store = await getPetStore();
  const filter = forAdopters(undefined);
  const page = await store.list({ limit: GALLERY_PAGE_SIZE, status: "available", categoryId, cursor, filter });
  return { pets: await withPetPhotos(page.pets), nextCursor: page.nextCursor ?? null };
}
