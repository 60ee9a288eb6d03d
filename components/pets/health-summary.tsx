import type { AdopterHealthSummary, SummaryAnswer } from "@/lib/animal-record/adopter-summary";

/** The three questions in the order adopters ask them, each answered in a word. */
const QUESTIONS: readonly [keyof AdopterHealthSummary, string][] = [
  ["vaccinated", "Vaccinated"],
  ["neutered", "Spayed or neutered"],
  ["microchipped", "Microchipped"],
];
const ANSWER_WORDS: Readonly<Record<SummaryAnswer, string>> = { yes: "Yes", no: "No", unknown: "Unknown" };

/**
 * What the shelter's medical record says of the animal today, in three words and no detail
 * (docs/decisions/249, 260). A description list, so a screen reader reads each question with
 * its answer; the answer is a word, never a colour or an icon alone.
 */
export function HealthSummary({ name, summary }: { name: string; summary: AdopterHealthSummary }) {
  return (
    <section aria-labelledby="health-heading" className="mt-8">
      <h2 id="health-heading" className="text-xl font-semibold">
        Health
      </h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
        {QUESTIONS.map(([field, question]) => (
          <div key={field} className="contents">
            <dt className="font-semibold text-stone-800 dark:text-stone-200">{question}</dt>
            <dd className="text-stone-700 dark:text-stone-300">{ANSWER_WORDS[summary[field]]}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-stone-700 dark:text-stone-300">
        As the shelter&rsquo;s record shows today; unknown means it does not say yet. Ask us about <bdi>{name}</bdi>
        &rsquo;s health when you visit.
      </p>
    </section>
  );
}
