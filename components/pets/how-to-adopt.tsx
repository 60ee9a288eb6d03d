import type { Pet } from "@/lib/pets/schemas";

export interface ShelterDetails {
  address: string;
  hours: string;
  email: string;
}

/**
 * Visiting details (set by the operator) and an "Ask about {name}" mailto: link: it works
 * without JavaScript and needs no server-side mail (docs/decisions/072-ask-about-by-mailto.md).
 */
export function HowToAdopt({ pet, shelter }: { pet: Pet; shelter: ShelterDetails }) {
  const subject = `Adopting ${pet.name} (#${pet.id})`;
  const body = `Hello, I would like to know more about ${pet.name} (#${pet.id}).`;
  const mailto = `mailto:${shelter.email}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
  return (
    // wrap-anywhere (inherited): a long name without spaces wraps instead of widening the page.
    <section
      aria-labelledby="how-to-adopt"
      className="mt-10 rounded-2xl wrap-anywhere border border-stone-200 bg-white p-5 shadow-sm sm:p-6 dark:border-stone-800 dark:bg-stone-900"
    >
      <h2 id="how-to-adopt" className="text-xl font-semibold">
        How to adopt
      </h2>
      <p className="mt-2 text-stone-700 dark:text-stone-300">
        Apply online, or come and meet {pet.name} at the shelter; staff will talk you through the adoption.
      </p>
      <p className="mt-4">
        {/* The application form (pages/pets/[id]/apply.tsx): plain HTML, no script (docs/decisions/195). */}
        <a
          href={`/pets/${pet.id}/apply`}
          className="inline-flex min-h-11 max-w-full items-center justify-center rounded-3xl bg-teal-700 px-5 py-2 text-center font-semibold text-white shadow-sm hover:bg-teal-800 dark:bg-teal-300 dark:text-stone-950 dark:hover:bg-teal-200"
        >
          <span>
            Apply to adopt <bdi>{pet.name}</bdi>
          </span>
        </a>
      </p>
      <ShelterVisit shelter={shelter} />
      <p className="mt-5">
        {/* rounded-3xl, not rounded-full: a one-line button still looks like a pill, but a
            name that wraps to several lines would put its first and last lines outside the
            ellipse a full rounding draws, light text on the light page. <bdi> keeps a
            right-to-left name from reordering the English around it. */}
        <a
          href={mailto}
          className="inline-flex min-h-11 max-w-full items-center justify-center rounded-3xl border border-stone-400 bg-white px-5 py-2 text-center font-semibold text-stone-900 hover:bg-stone-100 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-100 dark:hover:bg-stone-800"
        >
          <span>
            Ask about <bdi>{pet.name}</bdi>
          </span>
        </a>
      </p>
    </section>
  );
}

/** Where, when and how to reach the shelter: one list for "How to adopt" and "Reserved for you". */
export function ShelterVisit({ shelter }: { shelter: ShelterDetails }) {
  return (
    <dl className="mt-4 grid gap-x-6 gap-y-2 sm:grid-cols-[auto_minmax(0,1fr)]">
      <dt className="font-semibold">Where</dt>
      <dd>{shelter.address}</dd>
      <dt className="font-semibold">When</dt>
      <dd>{shelter.hours}</dd>
      <dt className="font-semibold">E-mail</dt>
      <dd>{shelter.email}</dd>
    </dl>
  );
}
