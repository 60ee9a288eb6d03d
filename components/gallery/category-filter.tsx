import { fieldLabel, secondaryButton, textInput } from "@/components/ui/styles";

/**
 * Adopters choose a category: a plain GET form to `/?category=N`, so it works without
 * JavaScript and the address says what is shown.
 */
export function CategoryFilter({ names, current }: { names: [number, string][]; current?: number }) {
  const options =
    current === undefined || names.some(([id]) => id === current)
      ? names
      : [...names, [current, `Category ${current}`] as [number, string]];
  return (
    <form method="get" action="/" className="mb-6 flex flex-wrap items-end gap-3">
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
    </form>
  );
}
