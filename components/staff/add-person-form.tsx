"use client";

import { useRef, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api/api-error";
import { addPersonWithKey } from "@/lib/api-client/people-api";
import type { PersonWithInvitation } from "@/lib/people/invitation-link";
import { ROLES, type Role } from "@/lib/people/roles";
import { FormField } from "@/components/ui/form-field";
import { panel, primaryButton, textInput } from "@/components/ui/styles";
import { ROLE_NAMES } from "./person-state";

type Field = "name" | "email" | "role";
type Errors = Partial<Record<Field | "form", string>>;

const ROLE_HINT =
  "Admins also manage people, keys and webhooks; staff run animals, adoptions and categories; volunteers look, and may place orders where the shelter allows.";

/** Adds a person; the server's refusals (a taken e-mail, a bad field) land on the fields. */
export function AddPersonForm({
  apiKey,
  onAdded,
  onUnauthorized,
}: {
  apiKey: string;
  onAdded: (person: PersonWithInvitation) => void;
  onUnauthorized: () => void;
}) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);

  function showErrors(next: Errors) {
    setErrors(next);
    const first = (["name", "email", "role"] as const).find((field) => next[field]);
    const control = first ? form.current?.elements.namedItem(first) : null;
    if (control instanceof HTMLElement) control.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const data = new FormData(event.currentTarget);
    const input = {
      name: String(data.get("name") ?? ""),
      email: String(data.get("email") ?? ""),
      role: String(data.get("role") ?? "") as Role,
    };
    setSending(true);
    try {
      const added = await addPersonWithKey(apiKey, input);
      form.current?.reset();
      setErrors({});
      onAdded(added);
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return onUnauthorized();
      showErrors(errorsOf(error));
    } finally {
      setSending(false);
    }
  }

  return (
    <section aria-labelledby="add-person-heading" className={panel}>
      <h2 id="add-person-heading" className="text-xl font-semibold">
        Add a person
      </h2>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        They get a link to choose their password; you send it to them.
      </p>
      <form ref={form} onSubmit={submit} noValidate className="mt-4 grid gap-4">
        <FormField id="person-name" label="Name" error={errors.name}>
          {(aria) => (
            <input id="person-name" name="name" maxLength={100} autoComplete="off" className={textInput} {...aria} />
          )}
        </FormField>
        <FormField id="person-email" label="E-mail" error={errors.email}>
          {(aria) => (
            <input
              id="person-email"
              name="email"
              type="email"
              maxLength={254}
              autoComplete="off"
              className={textInput}
              {...aria}
            />
          )}
        </FormField>
        <FormField id="person-role" label="Role" hint={ROLE_HINT} error={errors.role}>
          {(aria) => (
            <select id="person-role" name="role" defaultValue="staff" className={textInput} {...aria}>
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_NAMES[role]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <p role="alert" className="min-h-6 text-sm font-semibold text-red-800 dark:text-red-300">
          {errors.form}
        </p>
        <button type="submit" disabled={sending} className={primaryButton}>
          {sending ? "Adding…" : "Add person"}
        </button>
      </form>
    </section>
  );
}

/** The server's refusal, on the fields it names; anything else above the button. */
function errorsOf(error: unknown): Errors {
  if (!(error instanceof ApiError)) return { form: `Not added: ${String(error)}` };
  if (error.code === "email_taken") return { email: "Another staff account has this e-mail." };
  const errors: Errors = {};
  for (const detail of error.details ?? []) {
    if (detail.field === "name" || detail.field === "email" || detail.field === "role") {
      errors[detail.field] ??= capitalised(detail.message);
    }
  }
  return Object.keys(errors).length > 0 ? errors : { form: `Not added: ${error.message}` };
}

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
