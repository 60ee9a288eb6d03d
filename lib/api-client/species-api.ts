import "./zod-without-eval";
import * as z from "zod";
import { SacSpecies } from "@/lib/animal-record/sac-species";
import { callV1 } from "./call-v1";

/* Which SAC species each category counts as (issue 41): read with pets:read, set with categories:write. */

const CategorySpeciesRow = z.object({
  categoryId: z.int(),
  species: z.union([SacSpecies, z.literal("unmapped")]),
  suggested: SacSpecies.optional(),
});
export type CategorySpeciesRow = z.infer<typeof CategorySpeciesRow>;

export async function listCategorySpeciesWithKey(apiKey: string): Promise<CategorySpeciesRow[]> {
  const { json } = await callV1(apiKey, "GET", "/v1/categories/species");
  return z.array(CategorySpeciesRow).parse(json);
}

export async function setCategorySpeciesWithKey(apiKey: string, categoryId: number, species: SacSpecies) {
  await callV1(apiKey, "PUT", `/v1/categories/${categoryId}/species`, { species });
}
