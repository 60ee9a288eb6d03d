import { fieldLabel, secondaryButton, textInput } from "@/components/ui/styles";
import { AGE_GROUP_WORDS, GOOD_WITH_WORDS, SEX_WORDS, SIZE_WORDS } from "@/lib/pets/profile-words";
import type { PetFilter } from "@/lib/pets/pet-filter";
import { GOOD_WITH } from "@/lib/pets/schemas";

/** Where the enhancement lives: a static file, like the gallery's "Show more". */
export const CATEGORY_FILTER_SCRIPT = "/gallery/category-filter.js";

/**
 * Adopters narrow the gallery: a name, a category, an age group, a size, a sex and whom the
 * animal is good with. A plain GET form to `/`, so it works without JavaScript ("Show these
 * animals") and the address keeps the choice (lib/gallery/gallery-filter.ts). With
 * JavaScript, CATEGORY_FILTER_SCRIPT opens a chosen category at once, keeping the rest of
 * the choice (docs/decisions/150).
 */
export function GalleryFilters({
  names,
  current,
  filter,
  nonce,
}: {
  names: [number, string][];
  current?: number;
  filter: PetFilter;
  /** This response's CSP nonce, for the script. */
  nonce?: string;
}) {
  const options =
    current === undefined || names.some(([id]) => id === current)
      ? names
      : [...names, [current, `Category ${current}`] as [number, string]];
  const select = (id: string, label: string, words: Record<string, string>, value: string | undefined) => (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <select id={id} name={id} defaultValue={value ?? ""} className={`${textInput} mt-1 w-40`}>
        <option value="">Any</option>
        {Object.entries(words).map(([key, word]) => (
          <option key={key} value={key}>
            {word}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form
      data-category-filter
      method="get"
      action="/"
      role="search"
      aria-label="Find an animal"
      className="mb-6 flex flex-wrap items-end gap-3"
    >
      <div>
        <label htmlFor="category" className={fieldLabel}>
          Category
        </label>
        <select id="category" name="category" defaultValue={current ?? ""} className={`${textInput} mt-1 w-56`}>
          <option value="">All categories</option>
          {options.map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="q" className={fieldLabel}>
          Name
        </label>
        <input
          id="q"
          name="q"
          type="search"
          maxLength={100}
          defaultValue={filter.q ?? ""}
          className={`${textInput} mt-1 w-48`}
        />
      </div>
      {select("ageGroup", "Age", AGE_GROUP_WORDS, filter.ageGroup)}
      {select("size", "Size", SIZE_WORDS, filter.size)}
      {select("sex", "Sex", SEX_WORDS, filter.sex)}
      <fieldset className="flex flex-wrap items-center gap-x-4 gap-y-1">
        <legend className={fieldLabel}>Good with</legend>
        {GOOD_WITH.map((target) => (
          <label key={target} className="mt-1 inline-flex h-11 items-center gap-2">
            <input
              type="checkbox"
              name="goodWith"
              value={target}
              defaultChecked={filter.goodWith?.includes(target)}
              className="size-5 accent-teal-700"
            />
            {GOOD_WITH_WORDS[target]}
          </label>
        ))}
      </fieldset>
      <button type="submit" className={secondaryButton}>
        Show these animals
      </button>
      <script type="module" defer src={CATEGORY_FILTER_SCRIPT} nonce={nonce} />
    </form>
  );
}
