import type { GetServerSideProps, PageConfig } from "next";
import { PageHead } from "@/components/layout/page-head";
import { siteTitle } from "@/components/layout/site-metadata";
import type { ShelterDetails } from "@/components/pets/how-to-adopt";
import { PetProfile } from "@/components/pets/pet-profile";
import { getAdopterReads } from "@/lib/gallery/adopter-reads";
import type { Pet } from "@/lib/pets/schemas";

/** No framework in the browser: the HTML is the page (docs/decisions/107). */
export const config: PageConfig = { unstable_runtimeJS: false };

type PetPageProps = { pet: Pet; categoryName: string | null; shelter: ShelterDetails };

// Unknown, malformed, pending and sold ids all get the site's one 404 (see getAvailablePet).
export const getServerSideProps: GetServerSideProps<PetPageProps, { id: string }> = async ({ params }) => {
  const reads = await getAdopterReads();
  const pet = await reads.getAvailablePet(params?.id ?? "");
  if (!pet) return { notFound: true };
  const categoryName = new Map(await reads.listCategoryNames()).get(pet.categoryId) ?? null;
  return { props: { pet, categoryName, shelter: reads.shelter } };
};

function describePet(pet: Pet): string {
  return `${pet.name} is looking for a home: available for adoption at the Pet Store (category ${pet.categoryId}).`;
}

/** One available animal, server-rendered and shareable, with how to adopt it. */
export default function PetPage({ pet, categoryName, shelter }: PetPageProps) {
  const description = describePet(pet);
  return (
    <>
      <PageHead
        title={siteTitle(`${pet.name}, available for adoption`)}
        description={description}
        openGraph={{ title: siteTitle(pet.name), description }}
      />
      <PetProfile pet={pet} categoryName={categoryName ?? undefined} shelter={shelter} />
    </>
  );
}
