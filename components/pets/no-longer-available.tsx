import { PetCard } from "@/components/gallery/pet-card";
import type { Pet } from "@/lib/pets/schemas";
import { PawIcon } from "./paw-icon";

const LINK = "font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200";

/**
 * A shared link to an animal that is pending or sold: its name and that it is no longer
 * available, nothing more (not which of the two, nor when), then a few available animals of
 * its category (docs/decisions/152).
 */
export function NoLongerAvailable({
  name,
  similar,
  categoryName,
  backHref,
}: {
  name: string;
  similar: Pet[];
  categoryName: string;
  backHref: string;
}) {
  return (
    <article className="max-w-4xl wrap-anywhere">
      <p className="mb-6">
        <a href={backHref} className={LINK}>
          See all the animals looking for a home
        </a>
      </p>
      <div className="flex max-w-2xl items-start gap-4">
        <div className="grid size-16 shrink-0 place-items-center rounded-full bg-stone-100 text-stone-600 dark:bg-stone-800 dark:text-stone-300">
          <PawIcon className="size-8" />
        </div>
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
            <bdi>{name}</bdi> is no longer available
          </h1>
          <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
            Thank you for thinking of <bdi>{name}</bdi>. Other animals are still looking for a home.
          </p>
        </div>
      </div>
      <section aria-labelledby="similar-animals" className="mt-10">
        <h2 id="similar-animals" className="text-xl font-semibold">
          Similar animals looking for a home
        </h2>
        {similar.length > 0 ? (
          <ul aria-labelledby="similar-animals" className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {similar.map((pet) => (
              <li key={pet.id}>
                <PetCard pet={pet} categoryName={categoryName} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-stone-700 dark:text-stone-300">
            No animal in {categoryName} is available just now; the shelter has others.
          </p>
        )}
      </section>
    </article>
  );
}
