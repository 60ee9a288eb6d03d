"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useRef, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api/api-error";
import { fieldErrorsOf } from "@/lib/api/field-errors";
import { createKeyWithKey } from "@/lib/api-client/keys-api";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { KEY_LIFETIME_MAX_DAYS, KEY_NAME_MAX_LENGTH } from "@/lib/keys/key-rules";
import { NewApiKey, type ApiKeyWithSecret } from "@/lib/keys/schemas";
import { grants, SCOPES, type Scope } from "@/lib/keys/scopes";
import { apiKeyKeys } from "@/lib/react-query/key-queries";
import { fieldError, fieldLabel, panel, primaryButton, textInput } from "@/components/ui/styles";
import { IssuedSecret } from "./issued-secret";
import { describeScopes } from "./scope-words";

type Field = "name" | "scopes" | "expiresInDays";
type Errors = Partial<Record<Field | "", string>>;

function errorsOf(details: readonly { field: string; message: string }[]): Errors {
  const errors: Errors = {};
  for (const { field, message } of details) {
    const at = (["name", "scopes", "expiresInDays"] as const).find((name) => name === field) ?? "";
    errors[at] ??= at === "" && field ? `${field} ${message}` : message;
  }
  return errors;
}

/** Issues a key with scopes the signed-in key holds (the server refuses any other), then shows its secret once. */
export function NewKeyForm({
  apiKey,
  held,
  onUnauthorized,
}: {
  apiKey: string;
  held: readonly Scope[];
  onUnauthorized: () => void;
}) {
  const queryClient = useQueryClient();
  const [errors, setErrors] = useState<Errors>({});
  const [issued, setIssued] = useState<ApiKeyWithSecret | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();
  const nameInput = useRef<HTMLInputElement>(null);
  const describedBy = (field: Field) => (errors[field] ? `${id}-${field}-error` : undefined);

  async function issue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const days = String(data.get("expiresInDays") ?? "").trim();
    const parsed = NewApiKey.safeParse(
      {
        name: String(data.get("name") ?? ""),
        scopes: data.getAll("scopes").map(String),
        ...(days ? { expiresInDays: Number(days) } : {}),
      },
      { reportInput: true },
    );
    if (!parsed.success) return setErrors(errorsOf(fieldErrorsOf(parsed.error)));
    setErrors({});
    setBusy(true);
    try {
      const created = await createKeyWithKey(apiKey, parsed.data);
      form.reset();
      setIssued(created);
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      const details = error instanceof ApiError ? (error.details ?? []) : [];
      setErrors(details.length > 0 ? errorsOf(details) : { "": (error as Error).message });
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className={panel}>
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        Issue a key
      </h2>
      {issued && (
        <IssuedSecret
          issued={issued}
          onDone={() => {
            setIssued(null);
            nameInput.current?.focus(); // the region that had the focus is gone
          }}
        />
      )}
      <form onSubmit={issue} noValidate className="mt-4 grid gap-4">
        <div>
          <label htmlFor={`${id}-name`} className={fieldLabel}>
            Name
          </label>
          <input
            ref={nameInput}
            id={`${id}-name`}
            name="name"
            maxLength={KEY_NAME_MAX_LENGTH}
            autoComplete="off"
            aria-invalid={errors.name ? true : undefined}
            aria-describedby={describedBy("name")}
            className={`${textInput} mt-1`}
          />
          {errors.name && (
            <p id={`${id}-name-error`} className={fieldError}>
              Name {errors.name}
            </p>
          )}
        </div>
        <fieldset aria-describedby={describedBy("scopes")}>
          <legend className={fieldLabel}>What it may do</legend>
          <ul className="mt-2 grid gap-1 sm:grid-cols-2">
            {SCOPES.map((scope) => (
              <li key={scope}>
                <label className="flex items-center gap-2 text-sm">
                  <input type="checkbox" name="scopes" value={scope} disabled={!grants(held, scope)} />
                  <span>
                    <span className="font-mono">{scope}</span> ({describeScopes([scope])})
                  </span>
                </label>
              </li>
            ))}
          </ul>
          <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
            Only scopes your own key holds can be given.
          </p>
          {errors.scopes && (
            <p id={`${id}-scopes-error`} className={fieldError}>
              Choose at least one: {errors.scopes}
            </p>
          )}
        </fieldset>
        <div>
          <label htmlFor={`${id}-days`} className={fieldLabel}>
            Expires after (days, optional)
          </label>
          <input
            id={`${id}-days`}
            name="expiresInDays"
            type="number"
            inputMode="numeric"
            min={1}
            max={KEY_LIFETIME_MAX_DAYS}
            aria-invalid={errors.expiresInDays ? true : undefined}
            aria-describedby={describedBy("expiresInDays")}
            className={`${textInput} mt-1 max-w-40`}
          />
          {errors.expiresInDays && (
            <p id={`${id}-expiresInDays-error`} className={fieldError}>
              Expiry {errors.expiresInDays}
            </p>
          )}
        </div>
        {errors[""] && (
          <p role="alert" className={fieldError}>
            Could not issue the key: {errors[""]}
          </p>
        )}
        <button type="submit" disabled={busy} className={`${primaryButton} justify-self-start`}>
          Issue key
        </button>
      </form>
    </section>
  );
}
