import { ageGroupOf } from "@/lib/pets/age-group";
import { AGE_GROUP_WORDS, GOOD_WITH_WORDS, SEX_WORDS, SIZE_WORDS } from "@/lib/pets/profile-words";
import { GOOD_WITH, type Pet } from "@/lib/pets/schemas";

const ANSWER_WORDS = { yes: "Yes", no: "No", unknown: "Not known yet" } as const;

/**
 * What the shelter told of the animal (issue 24): only the facts it filled in, as a
 * description list, then its description with line breaks kept. Nothing when none.
 */
export function ProfileFacts({ pet, today }: { pet: Pet; today: string }) {
  const facts: [string, string][] = [];
  if (pet.sex && pet.sex !== "unknown") facts.push(["Sex", SEX_WORDS[pet.sex]]);
  if (pet.birthDate) {
    const group = AGE_GROUP_WORDS[ageGroupOf(pet.birthDate, today)];
    facts.push(["Age", `${group}, born ${pet.birthDateIsEstimate ? "about " : ""}${pet.birthDate.slice(0, 7)}`]);
  }
  if (pet.size) facts.push(["Size", SIZE_WORDS[pet.size]]);
  if (pet.breed) facts.push(["Breed", pet.breed]);
  if (pet.goodWith) {
    for (const target of GOOD_WITH) {
      const answer = pet.goodWith[target];
      if (answer) facts.push([`Good with ${GOOD_WITH_WORDS[target].toLowerCase()}`, ANSWER_WORDS[answer]]);
    }
  }
  if (facts.length === 0 && !pet.description) return null;
  return (
    <section aria-labelledby="about-heading" className="mt-8">
      <h2 id="about-heading" className="text-xl font-semibold">
        About {pet.name}
      </h2>
      {facts.length > 0 ? (
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-6 gap-y-1">
          {facts.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-semibold text-stone-800 dark:text-stone-200">{term}</dt>
              <dd className="text-stone-700 dark:text-stone-300">{value}</dd>
            </div>
          ))}
        </dl>
      ) : null}
      {pet.description ? (
        <p className="mt-3 whitespace-pre-line text-stone-700 dark:text-stone-300">{pet.description}</p>
      ) : null}
    </section>
  );
}
