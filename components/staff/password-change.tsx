"use client";

import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api/api-error";
import { changeOwnPassword } from "@/lib/api-client/auth-api";
import { FormField } from "@/components/ui/form-field";
import { panel, primaryButton, textInput } from "@/components/ui/styles";

const MIN_PASSWORD = 12;

/**
 * The person's new password, given their current one; their other sessions end. The server
 * refuses common and repetitive passwords and says why on the field.
 */
export function PasswordChange() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (saving) return;
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const current = String(form.get("currentPassword") ?? "");
    const next = String(form.get("newPassword") ?? "");
    const found: Record<string, string> = {};
    if (!current) found.currentPassword = "Enter your current password.";
    if (next.length < MIN_PASSWORD) found.newPassword = `Use at least ${MIN_PASSWORD} characters.`;
    else if (next !== String(form.get("confirm") ?? "")) found.confirm = "The two passwords differ.";
    setErrors(found);
    setSaved(false);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      await changeOwnPassword(current, next);
      formElement.reset();
      setSaved(true);
    } catch (failure) {
      const details = (failure instanceof ApiError ? failure.details : undefined) ?? [];
      setErrors(
        details.length > 0
          ? Object.fromEntries(details.map((detail) => [detail.field, `The server says: ${detail.message}.`]))
          : { form: failure instanceof ApiError ? failure.message : "The server could not be reached. Try again." },
      );
    } finally {
      setSaving(false);
    }
  }

  return (
    <section aria-labelledby="password-heading" className={panel}>
      <h2 id="password-heading" className="text-xl font-semibold">
        Change your password
      </h2>
      <form onSubmit={submit} noValidate className="mt-4">
        <fieldset className="space-y-4">
          <input type="text" name="username" autoComplete="username" hidden readOnly />
          {(
            [
              ["currentPassword", "Current password", "current-password"],
              ["newPassword", "New password", "new-password"],
              ["confirm", "The new password again", "new-password"],
            ] as const
          ).map(([name, label, autoComplete]) => (
            <FormField key={name} id={`password-${name}`} label={label} error={errors[name]}>
              {(aria) => (
                <input
                  id={`password-${name}`}
                  name={name}
                  type="password"
                  autoComplete={autoComplete}
                  {...aria}
                  className={`${textInput} mt-1`}
                />
              )}
            </FormField>
          ))}
          <p role="status">{saved ? "Your password is changed, and your other sessions are signed out." : ""}</p>
          <p role="alert" className="text-red-800 dark:text-red-300">
            {errors.form}
          </p>
          <button type="submit" disabled={saving} className={primaryButton}>
            {saving ? "Saving…" : "Change password"}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
