import { galleryPageAnchor } from "@/lib/gallery/gallery-url";
import { galleryFilterEntries } from "@/lib/gallery/gallery-filter";
import type { PetFilter } from "@/lib/pets/pet-filter";

/** Where the enhancement lives: a static file, so a visit costs one small, cacheable request. */
export const SHOW_MORE_SCRIPT = "/gallery/show-more.js";

/**
 * "Show more": a GET form to `/?pages=N+1` that works without JavaScript (the fragment
 * survives the submission, so the new page opens at its first animal). With JavaScript,
 * SHOW_MORE_SCRIPT fetches that address, appends only the new animals, moves focus to the
 * first of them and puts the same address in the history (docs/decisions/107).
 */
export function ShowMore({
  pages,
  category,
  filter,
  nonce,
}: {
  pages: number;
  category?: number;
  filter?: PetFilter;
  nonce?: string;
}) {
  return (
    <>
      <form
        data-gallery-more
        action={`/#${galleryPageAnchor(pages + 1)}`}
        method="get"
        className="mt-8 flex justify-center"
      >
        {category !== undefined ? <input type="hidden" name="category" value={category} /> : null}
        {galleryFilterEntries(filter).map(([name, value]) => (
          <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="pages" value={pages + 1} />
        {/* aria-disabled while loading, not disabled: a disabled button would drop keyboard focus to the body. */}
        <button
          type="submit"
          className="min-w-44 rounded-full bg-teal-700 px-6 py-3 font-semibold text-white shadow-sm hover:bg-teal-800 aria-disabled:cursor-wait aria-disabled:opacity-80 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200"
        >
          Show more
        </button>
      </form>
      {/* A module (deferred anyway; `defer` says so to the linter), run once; the nonce lets it past the CSP's 'strict-dynamic'. */}
      <script type="module" defer src={SHOW_MORE_SCRIPT} nonce={nonce} />
    </>
  );
}
