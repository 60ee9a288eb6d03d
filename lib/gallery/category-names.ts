import "server-only";
import { getPetStore } from "@/lib/composition";

/** The named categories as [id, name] pairs (serialisable as page props). */
export async function listCategoryNames(): Promise<[number, string][]> {
  const categories = await (await getPetStore()).listCategories();
  return categories.map((category) => [category.id, category.name]);
}
