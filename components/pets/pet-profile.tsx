import type { AdopterHealthSummary } from "@/lib/animal-record/adopter-summary";
import type { Pet } from "@/lib/pets/schemas";
import { HealthSummary } from "./health-summary";
import { HowToAdopt, type ShelterDetails } from "./how-to-adopt";
import { PawIcon } from "./paw-icon";
import { PetPicture } from "./pet-picture";
import { StatusBadge } from "./status-badge";
import { ProfileFacts } from "./profile-facts";
import { ReservedForYou } from "./reserved-for-you";

/** One available animal's page: who it is, and how to adopt it. */
export function PetProfile({
  pet,
  categoryName,
  shelter,
  backHref = "/",
  today,
  heldFor,
  health,
}: {
  pet: Pet;
  /** YYYY-MM-DD: the day the age group is for. */
  today: string;
  categoryName?: string;
  shelter: ShelterDetails;
  /** The gallery view the adopter came from (lib/gallery/pet-href.ts). */
  backHref?: string;
  /** Shown to the adopter whose approved application holds the animal, under their private link. */
  heldFor?: { applicationPath: string };
  /** What the medical record says, in three words (docs/decisions/249); not shown when absent. */
  health?: AdopterHealthSummary;
}) {
  return (
    <article className="max-w-2xl wrap-anywhere">
      <p className="mb-6">
        <a
          href={heldFor ? heldFor.applicationPath : backHref}
          className="font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200"
        >
          {heldFor ? "Back to your application" : "See all the animals looking for a home"}
        </a>
      </p>
      {pet.photos?.[0] ? (
        <div className="mb-6">
          <PetPicture
            photo={pet.photos[0]}
            sizes="(min-width: 42rem) 42rem, 100vw"
            lazy={false}
            className="h-auto w-full rounded-2xl bg-stone-100 dark:bg-stone-800"
          />
        </div>
      ) : null}
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
      {health ? <HealthSummary name={pet.name} summary={health} /> : null}
      {pet.photos && pet.photos.length > 1 ? (
        <ul className="mt-6 grid grid-cols-3 gap-3" aria-label={`More photos of ${pet.name}`}>
          {pet.photos.slice(1).map((photo, index) => (
            <li key={photo.id}>
              {/* A plain link to the largest copy: opens larger with or without JavaScript,
                  and adds nothing to the page's weight (docs/decisions/216). */}
              <a href={photo.full} className="block rounded-xl">
                <PetPicture
                  photo={photo}
                  sizes="(min-width: 42rem) 13rem, 33vw"
                  lazy
                  className="aspect-square h-auto w-full rounded-xl bg-stone-100 object-contain dark:bg-stone-800"
                />
                <span className="sr-only">
                  {photo.alt ? ", open it larger" : `Photo ${index + 2} of ${pet.name}, open it larger`}
                </span>
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      {heldFor ? <ReservedForYou name={pet.name} shelter={shelter} /> : <HowToAdopt pet={pet} shelter={shelter} />}
    </article>
  );
}
