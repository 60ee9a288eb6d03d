import type { ApplicationAnswers } from "@/lib/applications/schemas";
import type { SuspectReason } from "@/lib/applications/states";

/*
 * An adopter's answers as staff read them: a question and its answer in words, in the order
 * the form asks them. Every answer is shown, an empty one as "none".
 */

const HOME = { house: "A house", flat: "A flat", other: "Another kind of home" } as const;
const TENURE = { own: "They own it", rent: "They rent it" } as const;
const LANDLORD = {
  yes: "The landlord allows the animal",
  no: "The landlord does not allow the animal",
  not_asked: "They have not asked the landlord yet",
} as const;
const GARDEN = { none: "No garden", shared: "A shared garden", private: "A private garden" } as const;

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

export function answersInWords(answers: ApplicationAnswers): { question: string; answer: string }[] {
  const children = answers.childrenAges;
  return [
    { question: "Name", answer: answers.name },
    { question: "E-mail", answer: answers.email },
    { question: "Phone", answer: answers.phone || "none given" },
    { question: "Adults at home", answer: plural(answers.adults, "adult", "adults") },
    {
      question: "Children at home",
      answer:
        children.length === 0 ? "none" : `${plural(children.length, "child", "children")}, aged ${children.join(", ")}`,
    },
    { question: "Other animals", answer: answers.otherAnimals || "none" },
    {
      question: "Home",
      answer: [
        HOME[answers.homeType],
        TENURE[answers.tenure],
        ...(answers.tenure === "rent" && answers.landlordConsent ? [LANDLORD[answers.landlordConsent]] : []),
      ].join(". "),
    },
    { question: "Garden", answer: GARDEN[answers.garden] },
    { question: "Alone on a usual day", answer: plural(answers.hoursAlone, "hour", "hours") },
    { question: "Experience with animals", answer: answers.experience || "none given" },
    { question: "Why this animal", answer: answers.whyThisAnimal },
    { question: "May the shelter contact them", answer: answers.consentToContact ? "Yes" : "No" },
  ];
}

/** Why the spam checks doubt an application, as staff read it. */
export const SUSPECT_WORDS: Record<SuspectReason, string> = {
  honeypot_filled: "a field hidden from people was filled in (a robot's habit)",
  submitted_too_fast: "sent faster than a person can fill in the form",
  form_expired: "the form was sent long after it was opened",
  form_signature_invalid: "the form was not one this site gave out",
  link_in_name: "a link in the name",
  too_many_links: "many links in the answers",
  repeated_answers: "the same text in several answers",
};
