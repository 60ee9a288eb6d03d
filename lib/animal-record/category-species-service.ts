import "server-only";
import { getPetStore, getResourceStore } from "@/lib/composition";
import { medicalStorage } from "./medical-resource-storage";
import type { SpeciesSources } from "./category-species";

/** The named categories and the species set for them, on the engine the pets are on. */
export async function speciesSources(): Promise<SpeciesSources> {
  const [categories, medical] = await Promise.all([getPetStore(), getResourceStore(medicalStorage)]);
  return { categories, medical };
}
