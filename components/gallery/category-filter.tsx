import { fieldLabel, secondaryButton, textInput } from "@/components/ui/styles";

/** Where the enhancement lives: a static file, like the gallery's "Show more". */
export const CATEGORY_FILTER_SCRIPT = "/gallery/category-filter.js";

/**
 * Adopters choose a category: a plain GET form to `/?category=N`, so it works without
 * JavaScript ("Show this category") and the address says what is shown. With JavaScript,
 * CATEGORY_FILTER_SCRIPT opens the chosen category at once (docs/decisions/150).
 */
export function CategoryFilter({
  names,
  current,
  nonce,
}: {
  names: [number, string][];
  current?: number;
  /** This response's CSP nonce, for the script. */
  nonce?: string;
}) {
  const options =
    current === undefined || names.some(([id]) => id === current)
      ? names
      : [...names, [current, `Category ${current}`] as [number, string]];
  return (
    <form data-category-filter method="get" action="/" className="mb-6 flex flex-wrap items-end gap-3">
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
      <button type="submit" className={secondaryButton}>
        Show this category
      </button>
      <script type="module" defer src={CATEGORY_FILTER_SCRIPT} nonce={nonce} />
    </form>
  );
}
