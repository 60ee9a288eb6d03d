import type { Pet } from "@/lib/pets/schemas";
import { HowToAdopt, type ShelterDetails } from "./how-to-adopt";
import { PawIcon } from "./paw-icon";
import { StatusBadge } from "./status-badge";
import { ProfileFacts } from "./profile-facts";

/** One available animal's page: who it is, and how to adopt it. */
export function PetProfile({
  pet,
  categoryName,
  shelter,
  backHref = "/",
  today,
}: {
  pet: Pet;
  /** YYYY-MM-DD: the day the age group is for. */
  today: string;
  categoryName?: string;
  shelter: ShelterDetails;
  /** The gallery view the adopter came from (lib/gallery/pet-href.ts). */
  backHref?: string;
}) {
  return (
    <article className="max-w-2xl wrap-anywhere">
      <p className="mb-6">
        <a href={backHref} className="font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200">
          See all the animals looking for a home
        </a>
      </p>
      <div className="flex items-start gap-4">
        <div className="grid size-16 shrink-0 place-items-center rounded-full bg-teal-50 text-teal-700 dark:bg-teal-950 dark:text-teal-300">
          <PawIcon className="size-8" />
        </div>
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{pet.name}</h1>
          <p className="mt-2 text-lg text-stone-700 dark:text-stone-300">
            {categoryName ?? `Category ${pet.categoryId}`}
          </p>
          <p className="mt-2">
            <StatusBadge status={pet.status} />
          </p>
        </div>
      </div>
      <ProfileFacts pet={pet} today={today} />
      <HowToAdopt pet={pet} shelter={shelter} />
    </article>
  );
}
