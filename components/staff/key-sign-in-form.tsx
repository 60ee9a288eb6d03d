"use client";

import { useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api/api-error";
import { isApiKeyAccepted } from "@/lib/api-client/verify-api-key";
import { FormField } from "@/components/ui/form-field";
import { secondaryButton, textInput } from "@/components/ui/styles";
import { rememberStaffKey } from "./staff-session";

/**
 * For a machine's key, or an operator before any staff account exists (docs/decisions/189).
 * Checks the key against GET /v1/pets?limit=1 before keeping it. Only the browser renders
 * this form (SignInForm shows it once its script runs, never in the server's HTML), so it can
 * never be submitted natively and put the key in a URL or a server log.
 */
export function KeySignInForm({ onSignedIn }: { onSignedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    const apiKey = String(new FormData(event.currentTarget).get("apiKey") ?? "").trim();
    if (!apiKey) {
      setError("Enter an API key.");
      return;
    }
    setChecking(true);
    setError(null);
    try {
      if (await isApiKeyAccepted(apiKey)) {
        onSignedIn();
        rememberStaffKey(apiKey);
      } else setError("That API key was not accepted. Check it and try again.");
    } catch (failure) {
      // A 429 is an answer, not an outage: it says which limit and when it ends.
      setError(
        failure instanceof ApiError && failure.status === 429
          ? `The key was not checked. ${failure.message}`
          : "The API could not be reached. Try again in a moment.",
      );
    } finally {
      setChecking(false);
    }
  }

  return (
    <section aria-labelledby="key-sign-in-heading">
      <h3 id="key-sign-in-heading" className="text-lg font-semibold">
        Sign in with an API key
      </h3>
      <p className="mt-3 text-stone-700 dark:text-stone-300">
        Staff keys come from the server: a key issued with <code className="font-mono">npm run keys create</code> (it
        starts with <code className="font-mono">psk_</code>), one of the keys in its{" "}
        <code className="font-mono">PETSTORE_API_KEYS</code> setting, or the key it printed once at its first start
        (also saved in its data directory). The key stays in this browser&apos;s open tabs only and is forgotten when
        you sign out or close them.
      </p>
      <form onSubmit={signIn} noValidate className="mt-5">
        <fieldset className="space-y-4">
          <FormField id="api-key" label="API key" error={error} announce>
            {(aria) => (
              <input
                id="api-key"
                name="apiKey"
                type="password"
                autoComplete="off"
                spellCheck={false}
                required
                {...aria}
                className={`${textInput} mt-1 font-mono`}
              />
            )}
          </FormField>
          <button type="submit" disabled={checking} className={`${secondaryButton} w-full sm:w-auto`}>
            {checking ? "Checking…" : "Sign in with key"}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
