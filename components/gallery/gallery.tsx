import { categoryLabel } from "@/lib/categories/schemas";
import { GALLERY_PAGE_SIZE, type GalleryPage } from "@/lib/gallery/gallery-schemas";
import { firstShownPage, galleryHref, galleryPageAnchor } from "@/lib/gallery/gallery-url";
import { petHref } from "@/lib/gallery/pet-href";
import { EmptyGallery } from "./empty-gallery";
import { galleryFilterEntries } from "@/lib/gallery/gallery-filter";
import type { PetFilter } from "@/lib/pets/pet-filter";
import { profileSummary } from "@/lib/pets/profile-words";
import { PetCard } from "./pet-card";
import { ShowMore } from "./show-more";

/** Cards a phone or a desktop shows before any scrolling: their photos are not lazy. */
const EAGER_PHOTOS = 3;

/**
 * Available pets, rendered on the server; the page loads no framework (docs/decisions/107).
 * "Show more" is a GET form to `/?pages=N+1`; a small script (public/gallery/show-more.js)
 * enhances it. The `data-gallery-*` attributes are how that script finds what it updates.
 * `page` holds the pages from firstShownPage(pages) on; above them, a link to the newer ones.
 */
export function Gallery({
  page,
  pages,
  category,
  filter,
  today,
  names,
  nonce,
}: {
  page: GalleryPage;
  pages: number;
  category?: number;
  /** The adopters' filter (lib/gallery/gallery-filter.ts); every link and "Show more" keep it. */
  filter?: PetFilter;
  /** YYYY-MM-DD: the day the cards' age groups are for. */
  today: string;
  names: [number, string][];
  /** This response's CSP nonce, for the script. */
  nonce?: string;
}) {
  const named = new Map(names);
  if (page.pets.length === 0)
    return (
      <EmptyGallery
        categoryName={category === undefined ? undefined : categoryLabel(category, named)}
        filtered={galleryFilterEntries(filter).length > 0}
      />
    );
  const first = firstShownPage(pages);
  return (
    <>
      {first > 1 ? (
        <p className="mb-4">
          <a
            href={galleryHref(first - 1, category, filter)}
            className="font-semibold text-teal-800 underline dark:text-teal-300"
          >
            Show newer animals
          </a>
        </p>
      ) : null}
      <ul
        data-gallery-list
        className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3"
        aria-label="Available animals"
      >
        {page.pets.map((pet, index) => (
          <li
            key={pet.id}
            id={index % GALLERY_PAGE_SIZE === 0 ? galleryPageAnchor(first + index / GALLERY_PAGE_SIZE) : undefined}
          >
            {/* The card's link carries its page and the category, for the way back (docs/decisions/153). */}
            <PetCard
              pet={pet}
              categoryName={named.get(pet.categoryId)}
              summary={profileSummary(pet, today)}
              href={petHref(pet.id, first + Math.floor(index / GALLERY_PAGE_SIZE), category)}
              lazyPhoto={index >= EAGER_PHOTOS}
            />
          </li>
        ))}
      </ul>
      <p role="status" data-gallery-status className="sr-only" />
      <p role="alert" data-gallery-error hidden className="mt-6 text-center text-red-800 dark:text-red-300">
        More animals could not be loaded. Please try again.
      </p>
      {page.nextCursor ? <ShowMore pages={pages} category={category} filter={filter} nonce={nonce} /> : null}
    </>
  );
}
