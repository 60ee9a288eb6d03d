import "server-only";
import type { Pet } from "@/lib/pets/schemas";
import { getPhotoStore } from "@/lib/photos";
import { withPhotos } from "@/lib/photos/photo-json";

/** The adopters' pets with their photos, as the API shows them (one read for the lot). */
export async function withPetPhotos(pets: readonly Pet[]): Promise<Pet[]> {
  if (pets.length === 0) return [...pets];
  const photos = await (await getPhotoStore()).photosOf(pets.map((pet) => pet.id));
  return [...withPhotos(pets, photos)];
}
