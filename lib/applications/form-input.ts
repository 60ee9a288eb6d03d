import type * as z from "zod";
import { ApplicationAnswers } from "./schemas";

/*
 * The adopters' form as ApplicationAnswers reads it. An HTML form sends text only: numbers as
 * digits, the children's ages as "4, 9", a ticked box as "on", and fields the page hid (a
 * landlord's consent when the adopter owns) still arrive. This turns those strings into the
 * input ApplicationAnswers parses, so the page and the server check the same schema, and
 * turns its issues back into one message per field.
 */

export type AnswerField = keyof ApplicationAnswers;

/** Each field's label on the form, which its error messages begin with. */
export const FIELD_LABELS: Record<AnswerField, string> = {
  name: "Your name",
  email: "E-mail",
  phone: "Phone",
  adults: "Adults at home",
  childrenAges: "Children's ages",
  otherAnimals: "Other animals at home",
  homeType: "Home",
  tenure: "Own or rent",
  landlordConsent: "Landlord's consent",
  garden: "Garden",
  hoursAlone: "Hours alone on a usual day",
  experience: "Your experience with animals",
  whyThisAnimal: "Why this animal",
  consentToContact: "Consent to be contacted",
};

/** The fields in the form's order: the error summary lists them so. */
export const ANSWER_FIELDS = Object.keys(FIELD_LABELS) as AnswerField[];

/** What the form sent, by field name (first value of each). */
export type FormFields = Record<string, string>;

/** The form's fields as ApplicationAnswers' input; fields not called for are left out. */
export function answersInput(fields: FormFields): Record<string, unknown> {
  const text = (name: string) => fields[name] ?? "";
  const phone = text("phone").trim();
  const tenure = text("tenure");
  return {
    name: text("name"),
    email: text("email"),
    ...(phone === "" ? {} : { phone }),
    adults: wholeNumber(text("adults")),
    childrenAges: text("childrenAges")
      .split(/[\s,;]+/)
      .filter((age) => age !== "")
      .map(wholeNumber),
    otherAnimals: text("otherAnimals"),
    homeType: choice(text("homeType")),
    tenure: choice(tenure),
    // Asked of renters only; the form hides it otherwise, but a browser still sends a ticked radio.
    ...(tenure === "rent" && text("landlordConsent") !== "" ? { landlordConsent: text("landlordConsent") } : {}),
    garden: choice(text("garden")),
    hoursAlone: wholeNumber(text("hoursAlone")),
    experience: text("experience"),
    whyThisAnimal: text("whyThisAnimal"),
    consentToContact: text("consentToContact") === "on",
  };
}

export type FieldErrors = Partial<Record<AnswerField, string>>;

export type ReadForm = { ok: true; answers: ApplicationAnswers } | { ok: false; errors: FieldErrors };

/** Checks the form with ApplicationAnswers: the answers, or one message per field that is wrong. */
export function readApplicationForm(fields: FormFields): ReadForm {
  const parsed = ApplicationAnswers.safeParse(answersInput(fields));
  return parsed.success ? { ok: true, answers: parsed.data } : { ok: false, errors: fieldErrorsOf(parsed.error) };
}

/** The first issue of each field, as a sentence that names the field: "E-mail must be an e-mail address…". */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field !== "string" || !(field in FIELD_LABELS)) continue;
    errors[field as AnswerField] ??= `${FIELD_LABELS[field as AnswerField]} ${issue.message}.`;
  }
  return errors;
}

// Digits become a number; anything else stays text, so the schema says "must be a whole number".
function wholeNumber(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (trimmed === "") return undefined;
  return /^-?\d{1,6}$/.test(trimmed) ? Number(trimmed) : trimmed;
}

// An unticked radio group sends nothing: undefined, so the schema names the choices.
function choice(value: string): string | undefined {
  return value === "" ? undefined : value;
}
