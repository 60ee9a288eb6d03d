import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { HowToAdopt } from "@/components/pets/how-to-adopt";
import { PawIcon } from "@/components/pets/paw-icon";
import { StatusBadge } from "@/components/pets/status-badge";
import { config } from "@/lib/config";
import { listCategoryNames } from "@/lib/gallery/category-names";
import { getAvailablePet } from "@/lib/gallery/get-available-pet";
import type { Pet } from "@/lib/pets/schemas";

type PetPageProps = { params: Promise<{ id: string }> };

function describePet(pet: Pet): string {
  return `${pet.name} is looking for a home: available for adoption at the Pet Store (category ${pet.categoryId}).`;
}

// Unknown, malformed, pending and sold ids all get the one 404 (see getAvailablePet).
export async function generateMetadata({ params }: PetPageProps): Promise<Metadata> {
  const pet = await getAvailablePet((await params).id);
  if (!pet) notFound();
  const description = describePet(pet);
  return {
    title: `${pet.name}, available for adoption`,
    description,
    openGraph: { title: `${pet.name} · Pet Store`, description, type: "website", siteName: "Pet Store" },
  };
}

/** One available animal, server-rendered and shareable, with how to adopt it. */
export default async function PetPage({ params }: PetPageProps) {
  const pet = await getAvailablePet((await params).id);
  const categoryName = new Map(await listCategoryNames());
  if (!pet) notFound();
  return (
    <article className="max-w-2xl wrap-anywhere">
      <p className="mb-6">
        <Link href="/" className="font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200">
          See all the animals looking for a home
        </Link>
      </p>
      <div className="flex items-start gap-4">
        <div className="grid size-16 shrink-0 place-items-center rounded-full bg-teal-50 text-teal-700 dark:bg-teal-950 dark:text-teal-300">
          <PawIcon className="size-8" />
        </div>
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{pet.name}</h1>
          <p className="mt-2 text-lg text-stone-700 dark:text-stone-300">
            {categoryName.get(pet.categoryId) ?? `Category ${pet.categoryId}`}
          </p>
          <p className="mt-2">
            <StatusBadge status={pet.status} />
          </p>
        </div>
      </div>
      <HowToAdopt
        pet={pet}
        shelter={{ address: config.shelterAddress, hours: config.shelterHours, email: config.adoptionEmail }}
      />
    </article>
  );
}
