import type { GetServerSideProps, PageConfig } from "next";
import { PageHead } from "@/components/layout/page-head";
import { siteTitle } from "@/components/layout/site-metadata";
import type { ShelterDetails } from "@/components/pets/how-to-adopt";
import { NoLongerAvailable } from "@/components/pets/no-longer-available";
import { PetProfile } from "@/components/pets/pet-profile";
import type { AdopterHealthSummary } from "@/lib/animal-record/adopter-summary";
import { todayOf } from "@/lib/pets/age-group";
import { categoryLabel } from "@/lib/categories/schemas";
import { getAdopterReads } from "@/lib/gallery/adopter-reads";
import { galleryReturnHref } from "@/lib/gallery/pet-href";
import { openGraphAddresses } from "@/lib/gallery/site-origin";
import type { Pet, PetPhoto } from "@/lib/pets/schemas";

/** No framework in the browser: the HTML is the page (docs/decisions/107). */
export const config: PageConfig = { unstable_runtimeJS: false };

/** How many available animals of its category an unavailable animal's page suggests. */
const SIMILAR_ANIMALS = 3;

type Shared = { categoryName: string; backHref: string; origin: string; path: string };
type PetPageProps = Shared &
  (
    | { available: true; pet: Pet; shelter: ShelterDetails; today: string; health: AdopterHealthSummary }
    | { available: false; name: string; similar: Pet[] }
  );

// Unknown and malformed ids get the site's one 404; pending and sold ones a page of their own,
// answered 200 (docs/decisions/152).
export const getServerSideProps: GetServerSideProps<PetPageProps, { id: string }> = async ({
  params,
  query,
  resolvedUrl,
}) => {
  const reads = await getAdopterReads();
  const found = await reads.lookUpPet(params?.id ?? "");
  if (!found) return { notFound: true };
  const categoryId = found.available ? found.pet.categoryId : found.categoryId;
  // Read at each render, as the rest of the page is: never older than the record (docs/decisions/260).
  const [names, health] = await Promise.all([
    reads.listCategoryNames(),
    found.available ? reads.healthSummary(found.pet.id) : undefined,
  ]);
  const shared = {
    categoryName: categoryLabel(categoryId, new Map(names)),
    backHref: galleryReturnHref(query),
    origin: reads.siteOrigin,
    path: resolvedUrl.split("?")[0]!,
  };
  if (found.available) {
    const { pet } = found;
    const today = todayOf(Date.now());
    return { props: { ...shared, available: true, pet, shelter: reads.shelter, today, health: health! } };
  }
  const similar = (await reads.listGalleryPages(1, categoryId)).pets.slice(0, SIMILAR_ANIMALS);
  return { props: { ...shared, available: false, name: found.name, similar } };
};

/** One animal, server-rendered and shareable: how to adopt it, or that it is no longer available. */
export default function PetPage(props: PetPageProps) {
  const { categoryName, backHref, origin, path } = props;
  const addresses = openGraphAddresses(origin, path);
  if (!props.available) {
    const description = `${props.name} is no longer available for adoption at the Pet Store; these animals are.`;
    return (
      <>
        <PageHead
          title={siteTitle(`${props.name} is no longer available`)}
          description={description}
          openGraph={{ title: siteTitle(props.name), description, ...addresses }}
          robots="noindex"
        />
        <NoLongerAvailable name={props.name} similar={props.similar} categoryName={categoryName} backHref={backHref} />
      </>
    );
  }
  const { pet, shelter, today, health } = props;
  const description = `${pet.name} is looking for a home: available for adoption at the Pet Store (${categoryName}).`;
  const photo = pet.photos?.[0];
  if (photo && addresses.image) addresses.image = sharedPhoto(origin, photo, pet.name);
  return (
    <>
      <PageHead
        title={siteTitle(`${pet.name}, available for adoption`)}
        description={description}
        openGraph={{ title: siteTitle(pet.name), description, ...addresses }}
      />
      <PetProfile
        pet={pet}
        categoryName={categoryName}
        shelter={shelter}
        backHref={backHref}
        today={today}
        health={health}
      />
    </>
  );
}

/** The link preview's image: the primary photo's `large` JPEG, with its real size. */
function sharedPhoto(origin: string, photo: PetPhoto, name: string) {
  const width = Number(/-(\d+)\.jpg$/.exec(photo.large)?.[1] ?? photo.width);
  return {
    path: photo.large,
    url: `${origin}${photo.large}`,
    width,
    height: Math.round((photo.height * width) / photo.width),
    alt: photo.alt || `A photo of ${name}`,
  };
}
