import * as z from "zod";
import { CategoryId, PetName } from "@/lib/pets/schemas";

/** The category schemas, written once (types, validation, the OpenAPI document). Isomorphic. */

export const CategoryName = PetName.meta({
  description: "The category's name: trimmed, 1 to 100 characters, no control characters",
  maxLength: 100,
  examples: ["Dogs"],
});

const objectError = {
  error: (issue: { code: string }) => (issue.code === "invalid_type" ? "must be a JSON object" : undefined),
};

export const Category = z
  .object({ id: CategoryId, name: CategoryName })
  .meta({ id: "Category", description: "A named category of animals; a pet's `categoryId` points at one." });
export type Category = z.infer<typeof Category>;

export const Categories = z.array(Category).meta({ id: "Categories", description: "A JSON array of Category, by id" });

export const NewCategory = z.strictObject({ name: CategoryName, id: CategoryId.optional() }, objectError).meta({
  id: "NewCategory",
  description:
    "Request body for creating a category. Without `id` the service assigns the next free one; with it, pets already filed under that id get their name.",
});
export type NewCategory = z.infer<typeof NewCategory>;

export const CategoryRename = z
  .strictObject({ name: CategoryName }, objectError)
  .meta({ id: "CategoryRename", description: "Request body for renaming a category." });
export type CategoryRename = z.infer<typeof CategoryRename>;

/** How a pet whose category has no record is shown. */
export function categoryLabel(categoryId: number, names: ReadonlyMap<number, string>): string {
  return names.get(categoryId) ?? `Category ${categoryId}`;
}
