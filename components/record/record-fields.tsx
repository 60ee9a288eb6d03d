"use client";

import type { ChangeEvent, ReactNode } from "react";
import { FormField } from "@/components/ui/form-field";
import { primaryButton, secondaryButton, textInput } from "@/components/ui/styles";
import { smallButton } from "./form-toggle";

/*
 * The record forms' controls: each labelled, its hint and the server's message beneath it
 * (components/ui/form-field.tsx), so every form of the record reads and behaves alike.
 */

type Common = { id: string; name: string; label: string; error?: string; hint?: string };

export function ChoiceField({
  id,
  name,
  label,
  error,
  hint,
  choices,
  value,
  defaultValue,
  onChange,
  autoFocus,
}: Common & {
  choices: readonly (readonly [string, string])[];
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  autoFocus?: boolean;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <select
          id={id}
          name={name}
          value={value}
          defaultValue={defaultValue}
          autoFocus={autoFocus}
          onChange={onChange ? (event: ChangeEvent<HTMLSelectElement>) => onChange(event.target.value) : undefined}
          className={textInput}
          {...aria}
        >
          {choices.map(([choice, words]) => (
            <option key={choice} value={choice}>
              {words}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

export function TextField({
  id,
  name,
  label,
  error,
  hint,
  type = "text",
  defaultValue,
  maxLength,
  autoFocus,
  inputMode,
  step,
}: Common & {
  type?: "text" | "email" | "tel" | "date" | "datetime-local" | "number";
  defaultValue?: string;
  maxLength?: number;
  autoFocus?: boolean;
  inputMode?: "numeric" | "decimal" | "text";
  step?: string;
}) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <input
          id={id}
          name={name}
          type={type}
          defaultValue={defaultValue}
          maxLength={maxLength}
          autoFocus={autoFocus}
          inputMode={inputMode}
          step={step}
          autoComplete="off"
          className={textInput}
          {...aria}
        />
      )}
    </FormField>
  );
}

export function NotesField({ id, name, label, error, hint }: Common) {
  return (
    <FormField id={id} label={label} hint={hint} error={error}>
      {(aria) => (
        <textarea id={id} name={name} rows={3} maxLength={2000} className={`${textInput} h-auto py-2`} {...aria} />
      )}
    </FormField>
  );
}

/** The form-wide refusal (announced), then the send and Back buttons. */
export function FormEnd({
  problem,
  sending,
  submitLabel,
  onBack,
}: {
  problem?: string;
  sending: boolean;
  submitLabel: ReactNode;
  onBack: () => void;
}) {
  return (
    <>
      <p role="alert" className="min-h-6 text-sm font-semibold text-red-800 dark:text-red-300">
        {problem}
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={sending} className={`${primaryButton} ${smallButton}`}>
          {submitLabel}
        </button>
        <button type="button" className={`${secondaryButton} ${smallButton}`} onClick={onBack}>
          Back
        </button>
      </div>
    </>
  );
}

/** Focuses the first control that has an error, so a keyboard user lands on what to fix. */
export function focusFirstError(form: HTMLFormElement | null, errors: Record<string, string>) {
  const first = Object.keys(errors).find((name) => name !== "form");
  const control = first ? form?.elements.namedItem(first) : null;
  if (control instanceof HTMLElement) control.focus();
}
