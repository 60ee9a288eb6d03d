import "server-only";
import { cache } from "react";
import { getPetStore } from "@/lib/store";

/** The named categories as [id, name] pairs (serialisable for the Show-more island), once per request. */
export const listCategoryNames = cache(async (): Promise<[number, string][]> => {
  const categories = await (await getPetStore()).listCategories();
  return categories.map((category) => [category.id, category.name]);
});
