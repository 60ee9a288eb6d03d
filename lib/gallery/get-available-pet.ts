import "server-only";
import { DEFAULT_PET_STATUS, type Pet } from "@/lib/pets/schemas";
import { getPetStore } from "@/lib/store";

/**
 * The animal behind `/pets/{id}`, if adopters may see it: only an available one. Pending
 * and sold animals are undefined exactly like unknown or malformed ids, so the page
 * reveals nothing the gallery does not.
 */
export async function getAvailablePet(idText: string): Promise<Pet | undefined> {
  if (!/^[1-9][0-9]*$/.test(idText)) return undefined;
  const id = Number(idText);
  if (!Number.isSafeInteger(id)) return undefined;
  const pet = await (await getPetStore()).get(id);
  return (pet?.status ?? DEFAULT_PET_STATUS) === "available" ? pet : undefined;
}
