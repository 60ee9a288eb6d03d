import "server-only";
import { DEFAULT_PET_STATUS } from "@/lib/pets/schemas";
import { getPetStore } from "@/lib/composition";
import type { AdopterPet } from "./adopter-reads";
import { withPetPhotos } from "./with-pet-photos";

/**
 * The animal behind `/pets/{id}` as adopters may see it: an available one in full; a pending
 * or sold one by its name and category only (its page says it is no longer available and
 * shows similar animals, docs/decisions/152); an unknown or malformed id, or an animal staff
 * still prepare (unlisted, docs/decisions/215), not at all: its page, form and preview are 404.
 */
export async function lookUpPet(idText: string): Promise<AdopterPet | undefined> {
  if (!/^[1-9][0-9]*$/.test(idText)) return undefined;
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return undefined;
  const pet = await (await getPetStore()).get(id);
  if (!pet || pet.listed === false) return undefined;
  if ((pet.status ?? DEFAULT_PET_STATUS) === "available")
    return { available: true, pet: (await withPetPhotos([pet]))[0]! };
  return { available: false, name: pet.name, categoryId: pet.categoryId };
}
