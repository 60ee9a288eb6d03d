import type { Category } from "@/lib/categories/schemas";
import type { FieldAria } from "@/components/ui/form-field";
import { textInput } from "@/components/ui/styles";

/** The Category field's hint: the add form and the Edit dialog choose a category alike (issue 40, item 12). */
export const categoryHint = (categories: readonly Category[]) =>
  categories.length > 0
    ? "Type or pick a category's name; a number is taken as the category's id."
    : "The category's id: a whole number, 1 or more.";

/** What the Category field shows for a pet's category: its name when it has one. */
export const categoryText = (categoryId: number, categories: readonly Category[]) =>
  categories.find((category) => category.id === categoryId)?.name ?? String(categoryId);

/**
 * The Category field: text with the shelter's named categories as suggestions; a typed name
 * or number is resolved on submit (./category-choice.ts resolveCategory), so the API keeps
 * its categoryId while people choose by name.
 */
export function CategoryInput({
  id,
  categories,
  aria,
  defaultValue,
}: {
  id: string;
  categories: readonly Category[];
  aria?: FieldAria;
  defaultValue?: string;
}) {
  const listId = `${id}-names`;
  return (
    <>
      <input
        id={id}
        name="categoryId"
        type="text"
        autoComplete="off"
        list={categories.length > 0 ? listId : undefined}
        defaultValue={defaultValue}
        {...aria}
        className={`${textInput} mt-1`}
      />
      <datalist id={listId}>
        {categories.map((category) => (
          <option key={category.id} value={category.name} />
        ))}
      </datalist>
    </>
  );
}
