import { describe, expect, it } from "vitest";
import type { ApplicationAnswers } from "@/lib/applications/schemas";
import { answersInWords } from "./answer-words";

const answers: ApplicationAnswers = {
  name: "Robin Adopter",
  email: "robin@example.org",
  adults: 1,
  childrenAges: [4, 9],
  otherAnimals: "",
  homeType: "flat",
  tenure: "rent",
  landlordConsent: "not_asked",
  garden: "shared",
  hoursAlone: 1,
  experience: "",
  whyThisAnimal: "She looked at me",
  consentToContact: true,
};

describe("an application's answers in words", () => {
  it("answers every question in words, an empty answer as none", () => {
    const words = Object.fromEntries(answersInWords(answers).map(({ question, answer }) => [question, answer]));
    expect(words).toMatchObject({
      Phone: "none given",
      "Adults at home": "1 adult",
      "Children at home": "2 children, aged 4, 9",
      "Other animals": "none",
      Home: "A flat. They rent it. They have not asked the landlord yet",
      Garden: "A shared garden",
      "Alone on a usual day": "1 hour",
      "Why this animal": "She looked at me",
    });
    expect(
      answersInWords({ ...answers, tenure: "own", childrenAges: [] }).find((row) => row.question === "Home"),
    ).toEqual({ question: "Home", answer: "A flat. They own it" });
  });
});
