import "server-only";
import type { Pet } from "@/lib/pets/schemas";
import { forAdopters, type PetFilter } from "@/lib/pets/pet-filter";
import { getPetStore } from "@/lib/composition";
import { GALLERY_PAGE_SIZE, type GalleryPage } from "./gallery-schemas";
import { firstShownPage } from "./gallery-url";
import { withPetPhotos } from "./with-pet-photos";

/** Animals one store read asks for while walking to the pages shown (a whole number of pages). */
const READ_CHUNK = 8 * GALLERY_PAGE_SIZE;

/**
 * The animals `/?pages=count` shows: the newest `count` pages, of which only the last few
 * (firstShownPage) are returned, so an answer costs the same to render whatever `count`.
 * The walk to them reads READ_CHUNK animals at a time: at most 7 reads for 50 pages.
 */
export async function listGalleryPages(count: number, categoryId?: number, filter?: PetFilter): Promise<GalleryPage> {
  const store = await getPetStore();
  const wanted = count * GALLERY_PAGE_SIZE;
  const skipped = (firstShownPage(count) - 1) * GALLERY_PAGE_SIZE;
  const pets: Pet[] = [];
  let seen = 0;
  let cursor: string | undefined;
  while (seen < wanted) {
    const limit = Math.min(READ_CHUNK, wanted - seen);
    const page = await store.list({ limit, status: "available", categoryId, cursor, filter: forAdopters(filter) });
    for (const pet of page.pets) if (seen++ >= skipped) pets.push(pet);
    if (!page.nextCursor) return { pets: await withPetPhotos(pets), nextCursor: null };
    cursor = page.nextCursor;
  }
  return { pets: await withPetPhotos(pets), nextCursor: cursor ?? null };
}
