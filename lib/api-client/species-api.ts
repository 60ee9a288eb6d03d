import "./zod-without-eval";
import {
  CategorySpeciesAnswer,
  CategorySpeciesList,
  type CategorySpeciesChange,
} from "@/lib/animal-record/category-species";
import type { SacSpecies } from "@/lib/animal-record/sac-species";
import { callV1 } from "./call-v1";

/* Which SAC species each category counts as (issue 41): read with pets:read, set with categories:write. */

export type CategorySpeciesRow = CategorySpeciesAnswer;

export async function listCategorySpeciesWithKey(apiKey: string): Promise<CategorySpeciesRow[]> {
  const { json } = await callV1(apiKey, "GET", "/v1/categories/species");
  return CategorySpeciesList.parse(json);
}

export async function setCategorySpeciesWithKey(
  apiKey: string,
  categoryId: number,
  species: SacSpecies,
): Promise<CategorySpeciesRow> {
  const body: CategorySpeciesChange = { species };
  const { json } = await callV1(apiKey, "PUT", `/v1/categories/${categoryId}/species`, body);
  return CategorySpeciesAnswer.parse(json);
}
