import { describe, expect, it } from "vitest";
import { answersInput, readApplicationForm, type FormFields } from "./form-input";

const filled: FormFields = {
  name: " Ada Lovelace ",
  email: "Ada@Example.org",
  phone: "",
  adults: "2",
  childrenAges: "4, 9",
  otherAnimals: "",
  homeType: "flat",
  tenure: "own",
  landlordConsent: "no",
  garden: "none",
  hoursAlone: "3",
  experience: "",
  whyThisAnimal: "He looked at me.",
  consentToContact: "on",
  website: "",
  formStamp: "123.abc",
};

describe("readApplicationForm", () => {
  it("reads the form's strings into the answers, ignoring a landlord's consent an owner was not asked", () => {
    const read = readApplicationForm(filled);
    expect(read).toEqual({
      ok: true,
      answers: {
        name: "Ada Lovelace",
        email: "ada@example.org",
        adults: 2,
        childrenAges: [4, 9],
        otherAnimals: "",
        homeType: "flat",
        tenure: "own",
        garden: "none",
        hoursAlone: 3,
        experience: "",
        whyThisAnimal: "He looked at me.",
        consentToContact: true,
      },
    });
  });

  it("asks a renter for the landlord's consent, and keeps it once given", () => {
    expect(readApplicationForm({ ...filled, tenure: "rent", landlordConsent: "" })).toEqual({
      ok: false,
      errors: { landlordConsent: "Landlord's consent is required when you rent." },
    });
    expect(readApplicationForm({ ...filled, name: "", tenure: "rent", landlordConsent: "" })).toEqual({
      ok: false,
      errors: { name: "Your name is required.", landlordConsent: "Landlord's consent is required when you rent." },
    });
    const read = readApplicationForm({ ...filled, tenure: "rent", landlordConsent: "yes" });
    expect(read.ok && read.answers.landlordConsent).toBe("yes");
  });

  it("names each wrong field once, in words that begin with its label", () => {
    const read = readApplicationForm({
      ...filled,
      name: "",
      email: "ada at example",
      adults: "two",
      childrenAges: "4, 19",
      homeType: "castle",
      hoursAlone: "",
      whyThisAnimal: "x".repeat(2001),
      consentToContact: "",
    });
    expect(read.ok).toBe(false);
    expect(!read.ok && read.errors).toEqual({
      name: "Your name is required.",
      email: "E-mail must be an e-mail address, like name@example.org.",
      adults: "Adults at home must be a whole number.",
      childrenAges: "Children's ages must be ages from 0 to 17.",
      homeType: "Home must be house, flat or other.",
      hoursAlone: "Hours alone on a usual day must be a whole number.",
      whyThisAnimal: "Why this animal must be at most 2000 characters.",
      consentToContact: "Consent to be contacted must be given: the shelter needs to contact you.",
    });
  });

  it("leaves an unanswered choice and an empty phone out, and ignores fields it does not know", () => {
    const input = answersInput({ ...filled, garden: "", phone: " ", isAdmin: "true" });
    expect(input).not.toHaveProperty("garden", expect.anything());
    expect(input).not.toHaveProperty("phone");
    expect(input).not.toHaveProperty("isAdmin");
  });
});
