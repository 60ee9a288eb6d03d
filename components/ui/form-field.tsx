import type { ReactNode } from "react";
import { fieldError, fieldLabel } from "./styles";

/** The attributes that tie a control to its hint and error, for screen readers. */
export interface FieldAria {
  "aria-invalid"?: true;
  "aria-describedby"?: string;
}

interface FormFieldProps {
  /** The control's id; its hint and error get `<id>-hint` and `<id>-error`. */
  id: string;
  label: string;
  hint?: string;
  error?: string | null;
  /** Keep the error paragraph in the page as a live region, so a new error is announced. */
  announce?: boolean;
  /** Renders the control (input, select…) with the aria attributes it needs. */
  children: (aria: FieldAria) => ReactNode;
}

/** A labelled control with an optional hint, and its error beneath. */
export function FormField({ id, label, hint, error, announce = false, children }: FormFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : undefined, error ? errorId : undefined].filter(Boolean).join(" ");
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      {children({ "aria-invalid": error ? true : undefined, "aria-describedby": describedBy || undefined })}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-stone-700 dark:text-stone-300">
          {hint}
        </p>
      ) : null}
      {error || announce ? (
        <p id={errorId} role={announce ? "alert" : undefined} className={fieldError}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
