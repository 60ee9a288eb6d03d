import "server-only";
import type { Pet } from "@/lib/pets/schemas";
import type { GalleryPage } from "./gallery-schemas";
import { listAvailablePets } from "./list-available-pets";

/** The newest `count` gallery pages as one, for `/?pages=…`; fewer when the animals run out. */
export async function listGalleryPages(count: number, categoryId?: number): Promise<GalleryPage> {
  const pets: Pet[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < count; page++) {
    const next = await listAvailablePets(cursor, categoryId);
    pets.push(...next.pets);
    if (!next.nextCursor) return { pets, nextCursor: null };
    cursor = next.nextCursor;
  }
  return { pets, nextCursor: cursor ?? null };
}
