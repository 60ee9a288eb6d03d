import type { ReactNode } from "react";
import { FormField } from "@/components/ui/form-field";
import { fieldError, fieldLabel, panel, primaryButton, textInput } from "@/components/ui/styles";
import {
  ANSWER_FIELDS,
  FIELD_LABELS,
  type AnswerField,
  type FieldErrors,
  type FormFields,
} from "@/lib/applications/form-input";
import { ANSWER_LIMITS } from "@/lib/applications/schemas";
import { FORM_STAMP_FIELD, HONEYPOT_FIELD } from "@/lib/applications/spam-checks";
import type { PetRef } from "@/lib/applications/adopter-desk";

const fieldId = (name: AnswerField) => `field-${name}`;
const LINK = "font-medium text-teal-800 underline underline-offset-2 dark:text-teal-200";
const textArea = `${textInput} h-auto min-h-28 py-2`;

type Props = { pet: PetRef; formStamp: string; values: FormFields; errors: FieldErrors };

/**
 * The adoption application: a plain HTML form that POSTs to the page it is on and works with
 * JavaScript off (docs/decisions/195). Its limits come from ApplicationAnswers' (ANSWER_LIMITS);
 * the server checks the same schema and renders the form again with each field's error.
 */
export function ApplicationForm({ pet, formStamp, values, errors }: Props) {
  const aria = (name: AnswerField) => ({
    "aria-invalid": errors[name] ? (true as const) : undefined,
    "aria-describedby": errors[name] ? `${fieldId(name)}-error` : undefined,
  });
  const text = (
    name: AnswerField,
    props: {
      type?: string;
      maxLength?: number;
      required?: boolean;
      autoComplete?: string;
      hint?: string;
      inputMode?: "numeric";
    },
  ) => (
    <FormField id={fieldId(name)} label={FIELD_LABELS[name]} hint={props.hint} error={errors[name]}>
      {(fieldAria) => (
        <input
          id={fieldId(name)}
          name={name}
          type={props.type ?? "text"}
          defaultValue={values[name] ?? ""}
          maxLength={props.maxLength}
          required={props.required}
          autoComplete={props.autoComplete}
          inputMode={props.inputMode}
          className={`mt-1 ${textInput}`}
          {...fieldAria}
        />
      )}
    </FormField>
  );
  const number = (name: AnswerField, min: number, max: number, hint?: string) => (
    <FormField id={fieldId(name)} label={FIELD_LABELS[name]} hint={hint} error={errors[name]}>
      {(fieldAria) => (
        <input
          id={fieldId(name)}
          name={name}
          type="number"
          min={min}
          max={max}
          step={1}
          required
          defaultValue={values[name] ?? ""}
          className={`mt-1 ${textInput} max-w-32`}
          {...fieldAria}
        />
      )}
    </FormField>
  );
  const box = (name: AnswerField, maxLength: number, props: { required?: boolean; hint?: string } = {}) => (
    <FormField id={fieldId(name)} label={FIELD_LABELS[name]} hint={props.hint} error={errors[name]}>
      {(fieldAria) => (
        <textarea
          id={fieldId(name)}
          name={name}
          rows={4}
          maxLength={maxLength}
          required={props.required}
          defaultValue={values[name] ?? ""}
          className={`mt-1 ${textArea}`}
          {...fieldAria}
        />
      )}
    </FormField>
  );
  const radios = (name: AnswerField, choices: [value: string, label: string][], required = true) => (
    <Radios name={name} legend={FIELD_LABELS[name]} error={errors[name]} ariaOf={aria}>
      {choices.map(([value, label], index) => (
        <label key={value} className="flex min-h-11 items-center gap-3">
          <input
            type="radio"
            id={index === 0 ? fieldId(name) : `${fieldId(name)}-${value}`}
            name={name}
            value={value}
            defaultChecked={values[name] === value}
            required={required}
            className="size-5 accent-teal-700"
          />
          {label}
        </label>
      ))}
    </Radios>
  );
  const listed = ANSWER_FIELDS.filter((name) => errors[name]);
  return (
    <form method="post" action={`/pets/${pet.id}/apply`} className="application-form mt-8 grid gap-8">
      {listed.length > 0 ? <ErrorSummary fields={listed} errors={errors} /> : null}
      <input type="hidden" name={FORM_STAMP_FIELD} value={formStamp} />
      {/* The honeypot (docs/decisions/194): off-screen, hidden from screen readers and the keyboard. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor="field-website">Leave this field empty</label>
        <input id="field-website" name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>

      <Section title="About you">
        {text("name", { maxLength: ANSWER_LIMITS.name, required: true, autoComplete: "name" })}
        {text("email", {
          type: "email",
          maxLength: 254,
          required: true,
          autoComplete: "email",
          hint: "Your private link to this application is sent here.",
        })}
        {text("phone", { type: "tel", maxLength: ANSWER_LIMITS.phone, autoComplete: "tel", hint: "Optional." })}
      </Section>

      <Section title="Your household">
        {number("adults", 1, ANSWER_LIMITS.adults, "You included.")}
        {text("childrenAges", {
          maxLength: 60,
          hint: `Their ages, such as "4, 9"; leave empty if there are none (at most ${ANSWER_LIMITS.children}).`,
        })}
        {box("otherAnimals", ANSWER_LIMITS.otherAnimals, {
          hint: "Which animals, and how they get on with others; leave empty if there are none.",
        })}
      </Section>

      <Section title="Your home">
        {radios("homeType", [
          ["house", "A house"],
          ["flat", "A flat"],
          ["other", "Something else"],
        ])}
        {radios("tenure", [
          ["own", "We own it"],
          ["rent", "We rent it"],
        ])}
        <div className="asked-of-renters">
          {radios(
            "landlordConsent",
            [
              ["yes", "Yes, in writing"],
              ["no", "No"],
              ["not_asked", "Not asked yet"],
            ],
            false,
          )}
        </div>
        {radios("garden", [
          ["none", "No garden"],
          ["shared", "A shared garden"],
          ["private", "A garden of our own"],
        ])}
      </Section>

      <Section title={`You and ${pet.name}`}>
        {number(
          "hoursAlone",
          0,
          ANSWER_LIMITS.hoursAlone,
          `How many hours a day would ${pet.name} be alone, on a usual day?`,
        )}
        {box("experience", ANSWER_LIMITS.experience, { hint: "Animals you have looked after; may be empty." })}
        {box("whyThisAnimal", ANSWER_LIMITS.whyThisAnimal, { required: true })}
      </Section>

      <div>
        <label className="flex items-start gap-3">
          <input
            type="checkbox"
            id={fieldId("consentToContact")}
            name="consentToContact"
            defaultChecked={values.consentToContact === "on"}
            required
            className="mt-1 size-5 shrink-0 accent-teal-700"
            {...aria("consentToContact")}
          />
          <span>The shelter may contact me about this application by e-mail or phone.</span>
        </label>
        {errors.consentToContact ? (
          <p id={`${fieldId("consentToContact")}-error`} className={fieldError}>
            {errors.consentToContact}
          </p>
        ) : null}
      </div>

      <p>
        <button type="submit" className={primaryButton}>
          Send my application
        </button>
      </p>
    </form>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className={`${panel} grid gap-5`}>
      <legend className="float-left mb-1 w-full text-xl font-semibold">{title}</legend>
      {children}
    </fieldset>
  );
}

function Radios({
  name,
  legend,
  error,
  ariaOf,
  children,
}: {
  name: AnswerField;
  legend: string;
  error: string | undefined;
  ariaOf: (name: AnswerField) => { "aria-describedby"?: string };
  children: ReactNode;
}) {
  return (
    <fieldset aria-describedby={ariaOf(name)["aria-describedby"]}>
      <legend className={fieldLabel}>{legend}</legend>
      {error ? (
        <p id={`${fieldId(name)}-error`} className={fieldError}>
          {error}
        </p>
      ) : null}
      <div className="mt-1 grid gap-1">{children}</div>
    </fieldset>
  );
}

/** At the top of a form sent back: each problem, linking to its field. */
function ErrorSummary({ fields, errors }: { fields: AnswerField[]; errors: FieldErrors }) {
  return (
    <div
      aria-labelledby="error-summary-title"
      className="rounded-2xl border-2 border-red-700 bg-white p-5 dark:border-red-400 dark:bg-stone-900"
    >
      <h2 id="error-summary-title" className="text-xl font-semibold">
        There {fields.length === 1 ? "is a problem" : `are ${fields.length} problems`} with your application
      </h2>
      <ul className="mt-3 list-disc space-y-1 pl-5">
        {fields.map((name) => (
          <li key={name}>
            <a href={`#${fieldId(name)}`} className={LINK}>
              {errors[name]}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}
