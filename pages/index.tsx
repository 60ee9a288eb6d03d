import type { GetServerSideProps, PageConfig } from "next";
import { GalleryFilters } from "@/components/gallery/gallery-filters";
import { Gallery } from "@/components/gallery/gallery";
import { PageHead } from "@/components/layout/page-head";
import { getAdopterReads } from "@/lib/gallery/adopter-reads";
import type { GalleryPage } from "@/lib/gallery/gallery-schemas";
import { galleryHref, parseGalleryCategory, parseGalleryPages } from "@/lib/gallery/gallery-url";
import { hasEmptyField, parseGalleryFilter } from "@/lib/gallery/gallery-filter";
import type { PetFilter } from "@/lib/pets/pet-filter";
import { todayOf } from "@/lib/pets/age-group";
import { openGraphAddresses } from "@/lib/gallery/site-origin";
import { requestNonce } from "@/lib/request-nonce";

/** No framework in the browser: the HTML is the page (docs/decisions/107). */
export const config: PageConfig = { unstable_runtimeJS: false };

type HomeProps = {
  page: GalleryPage;
  pages: number;
  category: number | null;
  filter: PetFilter;
  /** YYYY-MM-DD, UTC: the day the cards' age groups are worked out for. */
  today: string;
  names: [number, string][];
  nonce: string | null;
  /** The site's public origin for the shared link's preview (lib/gallery/site-origin.ts). */
  origin: string;
};

export const getServerSideProps: GetServerSideProps<HomeProps> = async ({ query, req }) => {
  // `pages` comes from "Show more" (with or without JavaScript). A mangled value, or the
  // older `after=<cursor>` links, send the visitor to the newest animals rather than to an
  // error page; a cursor is never read here, so no link can probe which animals exist.
  const pages = parseGalleryPages(query.pages);
  const category = parseGalleryCategory(query.category);
  const filter = parseGalleryFilter(query);
  if (pages === undefined || query.after !== undefined || category === null || filter === null) {
    return { redirect: { destination: "/", permanent: false } };
  }
  // The filter form without JavaScript sends every field, "Any" as empty: one address per choice.
  if (hasEmptyField(query))
    return { redirect: { destination: galleryHref(pages, category, filter), permanent: false } };
  // A store failure throws to the error page instead of showing an empty gallery.
  const reads = await getAdopterReads();
  const [page, names] = await Promise.all([reads.listGalleryPages(pages, category, filter), reads.listCategoryNames()]);
  const origin = reads.siteOrigin;
  const props = { page, pages, category: category ?? null, filter, today: todayOf(Date.now()), names };
  return { props: { ...props, nonce: requestNonce(req), origin } };
};

const TITLE = "Pet Store · Animals available for adoption";
const DESCRIPTION =
  "Browse the cats, dogs and other animals available for adoption at the Pet Store, newest arrivals first.";

export default function Home({ page, pages, category, filter, today, names, nonce, origin }: HomeProps) {
  return (
    <>
      <PageHead
        title={TITLE}
        description={DESCRIPTION}
        openGraph={{ title: TITLE, description: DESCRIPTION, ...openGraphAddresses(origin, "/") }}
      />
      <div className="mb-8 max-w-2xl">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Animals looking for a home</h1>
        <p className="mt-3 text-lg text-stone-700 dark:text-stone-300">
          Every animal here is available for adoption today, newest arrivals first. Come and meet them at the shelter.
        </p>
      </div>
      <h2 className="sr-only">Available animals</h2>
      <GalleryFilters names={names} current={category ?? undefined} filter={filter} nonce={nonce ?? undefined} />
      <Gallery
        page={page}
        pages={pages}
        category={category ?? undefined}
        filter={filter}
        today={today}
        names={names}
        nonce={nonce ?? undefined}
      />
    </>
  );
}
