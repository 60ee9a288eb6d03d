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

/** The card photo's rendered width: a 96 px square on phones, the card's width in two or three columns. */
const CARD_PHOTO_SIZES = "(min-width: 1024px) 21rem, (min-width: 640px) calc(50vw - 4rem), 96px";

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
    <article
      className={`relative flex min-h-28 items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-teal-700 dark:border-stone-800 dark:bg-stone-900 dark:hover:border-teal-300 ${photo ? "sm:flex-col sm:items-stretch" : ""}`}
    >
      {photo ? (
        // The whole primary photo, never cropped (a portrait sits on a neutral ground): a
        // 96 px square beside the name on phones, the card's width from 640 px up, where
        // `sizes` lets the browser take the stored copy that fills it (docs/decisions/216).
        // The name beside it says who it is, so a photo without alt text yet is no loss.
        <PetPicture
          photo={photo}
          sizes={CARD_PHOTO_SIZES}
          lazy={lazyPhoto}
          className="size-24 shrink-0 rounded-xl bg-stone-100 object-contain sm:aspect-4/3 sm:h-auto sm:w-full dark:bg-stone-800"
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
