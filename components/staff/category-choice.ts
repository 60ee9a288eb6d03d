import type { Category } from "@/lib/categories/schemas";
import type { Pet } from "@/lib/pets/schemas";

export type CategoryChoice =
  { kind: "empty" } | { kind: "chosen"; id: number; named: boolean } | { kind: "refused"; message: string };

/**
 * What the Category field's text means: a category's name (any case) or a category number.
 * Text that is neither, or a number no category can have, is refused in words.
 */
export function resolveCategory(text: string, categories: Category[]): CategoryChoice {
  const typed = text.trim();
  if (typed === "") return { kind: "empty" };
  const byName = categories.find((category) => category.name.toLowerCase() === typed.toLowerCase());
  if (byName) return { kind: "chosen", id: byName.id, named: true };
  if (/^\d+$/.test(typed)) {
    const id = Number(typed);
    if (!Number.isSafeInteger(id) || id < 1) {
      return { kind: "refused", message: `No category has the number ${typed}. Pick one from the list.` };
    }
    return { kind: "chosen", id, named: categories.some((category) => category.id === id) };
  }
  return { kind: "refused", message: `No category is called “${typed}”. Pick one from the list.` };
}

/** Why adding this pet may be a mistake, one sentence each; empty when nothing is doubtful. */
export function doubtsAbout(
  pet: { name: string; categoryId: number },
  named: boolean,
  hasNamedCategories: boolean,
  loadedPets: Pet[],
): { field: "name" | "categoryId"; text: string }[] {
  const doubts: { field: "name" | "categoryId"; text: string }[] = [];
  if (!named && hasNamedCategories) {
    doubts.push({
      field: "categoryId",
      text: `Category ${pet.categoryId} has no name: adopters will see “Category ${pet.categoryId}” and cannot choose it in the gallery's filter.`,
    });
  }
  const namesake = loadedPets.find((other) => other.name.toLowerCase() === pet.name.toLowerCase());
  if (namesake) {
    doubts.push({ field: "name", text: `There is already a pet named ${namesake.name} (#${namesake.id}).` });
  }
  return doubts;
}
