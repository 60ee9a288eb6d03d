import { ShelterVisit, type ShelterDetails } from "./how-to-adopt";

/**
 * In place of "How to adopt", for the adopter whose approved application holds the animal:
 * it is theirs to collect, and where and when (docs/decisions/214).
 */
export function ReservedForYou({ name, shelter }: { name: string; shelter: ShelterDetails }) {
  return (
    <section
      aria-labelledby="reserved-for-you"
      className="mt-10 rounded-2xl wrap-anywhere border-2 border-teal-700 bg-teal-50 p-5 sm:p-6 dark:border-teal-300 dark:bg-stone-900"
    >
      <h2 id="reserved-for-you" className="text-xl font-semibold">
        Reserved for you
      </h2>
      <p className="mt-2 text-stone-800 dark:text-stone-200">
        Your application was approved: the shelter is holding <bdi>{name}</bdi> for you and will contact you to arrange
        the adoption. Nobody else can apply for <bdi>{name}</bdi> meanwhile.
      </p>
      <ShelterVisit shelter={shelter} />
    </section>
  );
}
