import * as z from "zod";
import type { Category } from "@/lib/categories/schemas";
import { CategoryId } from "@/lib/pets/schemas";
import type { MedicalStore } from "./medical-store";
import { objectError } from "./fields";
import { SacSpecies, speciesOf, suggestSpecies } from "./sac-species";

/*
 * Which SAC species each of the shelter's categories counts as (docs/decisions/248): staff
 * see every category, mapped or not, with a guess from its name for the unmapped ones, and
 * set each once. Over /v1 by ./category-species-api.ts; kept by the MedicalStore.
 */

export const CategorySpeciesAnswer = z
  .object({
    categoryId: CategoryId,
    species: z.union([SacSpecies, z.literal("unmapped")]).meta({
      description: "The species the category counts as, or `unmapped` until staff set one",
    }),
    suggested: SacSpecies.optional().meta({
      description: "A guess from the category's name, for an unmapped category when one fits: staff confirm it",
    }),
  })
  .meta({ id: "CategorySpecies", description: "A category and the SAC species its animals are counted as" });
export type CategorySpeciesAnswer = z.infer<typeof CategorySpeciesAnswer>;

export const CategorySpeciesList = z
  .array(CategorySpeciesAnswer)
  .meta({ id: "CategorySpeciesList", description: "Every named category, by id, with its SAC species" });

export const CategorySpeciesChange = z
  .strictObject({ species: SacSpecies }, objectError)
  .meta({ id: "CategorySpeciesChange", description: "Request body for setting a category's SAC species" });
export type CategorySpeciesChange = z.infer<typeof CategorySpeciesChange>;

/** Where the mapping reads from: the named categories, and the species set for them. */
export interface SpeciesSources {
  categories: { listCategories(): Promise<Category[]> };
  medical: Pick<MedicalStore, "categorySpecies" | "setCategorySpecies">;
}

/** Every named category, by id, with its species or `unmapped` and a suggestion. */
export async function listCategorySpecies({ categories, medical }: SpeciesSources): Promise<CategorySpeciesAnswer[]> {
  const [named, mapping] = await Promise.all([categories.listCategories(), medical.categorySpecies()]);
  return named.map((category) => answerFor(category, mapping));
}

/**
 * Sets a named category's species; undefined when no category has this id. A category
 * without a record (a pet's bare `categoryId`) is named first, as it is renamed only then.
 */
export async function setCategorySpecies(
  { categories, medical }: SpeciesSources,
  categoryId: number,
  species: SacSpecies,
): Promise<CategorySpeciesAnswer | undefined> {
  const category = (await categories.listCategories()).find(({ id }) => id === categoryId);
  if (!category) return undefined;
  await medical.setCategorySpecies(categoryId, species);
  return { categoryId, species };
}

function answerFor(category: Category, mapping: ReadonlyMap<number, SacSpecies>): CategorySpeciesAnswer {
  const species = speciesOf(category.id, mapping);
  if (species !== "unmapped") return { categoryId: category.id, species };
  const suggested = suggestSpecies(category.name);
  return suggested ? { categoryId: category.id, species, suggested } : { categoryId: category.id, species };
}
