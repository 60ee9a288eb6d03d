import type { Pet } from "@/lib/pets/schemas";
import { PawIcon } from "@/components/pets/paw-icon";
import { PetPicture } from "@/components/pets/pet-picture";
import { StatusBadge } from "@/components/pets/status-badge";

// Decoration only (the category is also written out): a little variety between cards.
const AVATAR_TONES = [
  "bg-teal-50 text-teal-700 dark:bg-teal-950 dark:text-teal-300",
  "bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300",
  "bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300",
  "bg-rose-50 text-rose-700 dark:bg-rose-950 dark:text-rose-300",
];

/**
 * One animal in the gallery; the whole card links to its page. Names wrap, even a
 * 100-character one without spaces, so every name reads in full at any width.
 */
export function PetCard({
  pet,
  categoryName,
  summary,
  href,
  lazyPhoto = true,
}: {
  pet: Pet;
  categoryName?: string;
  /** The profile in a line (lib/pets/profile-words.ts), when the shelter filled it in. */
  summary?: string;
  href?: string;
  /** False for the first cards, seen without scrolling: their photos are asked for at once. */
  lazyPhoto?: boolean;
}) {
  const photo = pet.photos?.[0];
  return (
    <article className="relative flex min-h-28 items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-teal-700 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-teal-300">
      {photo ? (
        // A square crop of the primary photo; the name beside it says who it is, so a photo
        // without alt text yet is no loss to a screen reader.
        <PetPicture
          photo={photo}
          sizes="96px"
          lazy={lazyPhoto}
          className="size-24 shrink-0 rounded-xl bg-stone-100 object-cover dark:bg-stone-800"
        />
      ) : (
        <div
          className={`grid size-16 shrink-0 place-items-center rounded-full ${AVATAR_TONES[pet.categoryId % AVATAR_TONES.length]}`}
        >
          <PawIcon className="size-8" />
        </div>
      )}
      <div className="min-w-0 flex-1">
        <h3 className="text-lg font-semibold wrap-anywhere">
          <a href={href ?? `/pets/${pet.id}`} className="rounded after:absolute after:inset-0 after:rounded-2xl">
            {pet.name}
          </a>
        </h3>
        <p className="text-sm text-stone-700 dark:text-stone-300">{categoryName ?? `Category ${pet.categoryId}`}</p>
        {summary ? <p className="text-sm text-stone-700 wrap-anywhere dark:text-stone-300">{summary}</p> : null}
        <div className="mt-1">
          <StatusBadge status={pet.status} />
        </div>
      </div>
    </article>
  );
}
