import { GALLERY_PAGE_SIZE, type GalleryPage } from "@/lib/gallery/gallery-schemas";
import { galleryPageAnchor } from "@/lib/gallery/gallery-url";
import { EmptyGallery } from "./empty-gallery";
import { GalleryList } from "./gallery-list";
import { PetCard } from "./pet-card";

/**
 * Available pets, rendered on the server; the browser only loads the small "Show more"
 * island (gallery-list.tsx). Without JavaScript, "Show more" is a plain GET form.
 */
export function Gallery({
  page,
  pages,
  category,
  names,
}: {
  page: GalleryPage;
  pages: number;
  category?: number;
  names: [number, string][];
}) {
  if (page.pets.length === 0) return <EmptyGallery />;
  const named = new Map(names);
  return (
    // Keyed by pages and category: pages fetched in the browser only follow on from the same server pages.
    <GalleryList
      key={`${pages}-${category ?? "all"}`}
      pages={pages}
      count={page.pets.length}
      nextCursor={page.nextCursor}
      category={category}
      names={names}
    >
      {page.pets.map((pet, index) => (
        <li
          key={pet.id}
          id={index % GALLERY_PAGE_SIZE === 0 ? galleryPageAnchor(index / GALLERY_PAGE_SIZE + 1) : undefined}
        >
          <PetCard pet={pet} categoryName={named.get(pet.categoryId)} />
        </li>
      ))}
    </GalleryList>
  );
}
