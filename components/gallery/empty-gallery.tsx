import { PawIcon } from "@/components/pets/paw-icon";

const LINK = "font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200";

/**
 * No animal to show. With a category chosen that says only the category is empty (others may
 * well have animals) and links to all of them; without one, that none is available at all.
 */
export function EmptyGallery({ categoryName, filtered = false }: { categoryName?: string; filtered?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-stone-300 px-6 py-16 text-center wrap-anywhere dark:border-stone-700">
      <PawIcon className="size-10 text-stone-500 dark:text-stone-400" />
      {filtered ? (
        <>
          <h2 className="text-xl font-semibold">No animals match your choice right now</h2>
          <p className="max-w-md text-stone-700 dark:text-stone-300">
            Try fewer filters: an animal whose age, size or manners the shelter does not know yet matches none.
          </p>
          <p>
            <a href="/" className={LINK}>
              See all the animals looking for a home
            </a>
          </p>
        </>
      ) : categoryName === undefined ? (
        <>
          <h2 className="text-xl font-semibold">No animals are available right now</h2>
          <p className="max-w-md text-stone-700 dark:text-stone-300">
            Every animal has found a home or is waiting for one. New arrivals appear here as soon as the shelter adds
            them.
          </p>
        </>
      ) : (
        <>
          <h2 className="text-xl font-semibold">No animals in {categoryName} right now</h2>
          <p className="max-w-md text-stone-700 dark:text-stone-300">
            New arrivals in this category appear here as soon as the shelter adds them.
          </p>
          <p>
            <a href="/" className={LINK}>
              See all the animals looking for a home
            </a>
          </p>
        </>
      )}
    </div>
  );
}
