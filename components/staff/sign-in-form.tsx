"use client";

import { useEffect, useRef, useState, type FormEvent } from "react";
import { ApiError } from "@/lib/api/api-error";
import { isSetupNeeded, signInWithPassword } from "@/lib/api-client/auth-api";
import { FormField } from "@/components/ui/form-field";
import { panel, primaryButton, textInput } from "@/components/ui/styles";
import { KeySignInForm } from "./key-sign-in-form";
import { PasskeySignIn } from "./passkey-sign-in";
import { rememberStaffKey } from "./staff-session";

/**
 * Staff sign in with their account's e-mail and password; the server sets an HttpOnly
 * session cookie and answers the bearer this tab calls /v1 with (docs/decisions/189). A key
 * holder opens the second way below. Only the browser renders this form, so it is never
 * submitted natively: no password in a URL or a server log.
 */
export function SignInForm({ notice, onSignedIn }: { notice: string | null; onSignedIn: () => void }) {
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [setupNeeded, setSetupNeeded] = useState(false);

  useEffect(() => {
    if (notice) heading.current?.focus();
  }, [notice]);

  useEffect(() => {
    // No account yet: nobody can sign in here until the first admin is made (docs/decisions/218).
    isSetupNeeded().then(setSetupNeeded, () => {});
  }, []);

  async function signIn(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (checking) return;
    const form = new FormData(event.currentTarget);
    const email = String(form.get("email") ?? "").trim();
    const password = String(form.get("password") ?? "");
    if (!email || !password) {
      setError("Enter your e-mail and password.");
      return;
    }
    setChecking(true);
    setError(null);
    try {
      const signedIn = await signInWithPassword(email, password);
      onSignedIn();
      rememberStaffKey(signedIn.bearer);
    } catch (failure) {
      setError(
        failure instanceof ApiError && failure.status < 500
          ? failure.message
          : "The server could not be reached. Try again in a moment.",
      );
    } finally {
      setChecking(false);
    }
  }

  return (
    <section aria-labelledby="sign-in-heading" className={`${panel} max-w-lg`}>
      <h2 id="sign-in-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
        Sign in
      </h2>
      <p className="mt-3 text-stone-700 dark:text-stone-300">
        With the staff account an admin invited you to. Forgot your password? Ask an admin for a new link.
      </p>
      {setupNeeded && (
        <div
          role="note"
          aria-labelledby="setup-needed-heading"
          className="mt-4 rounded-lg border border-amber-600 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          <h3 id="setup-needed-heading" className="font-semibold">
            No staff account exists yet
          </h3>
          <p className="mt-1">
            The first admin is created through the set-up link the server printed on its error output when it started.
            Whoever runs the server can print it again with <code>npm run users -- setup-link</code>.
          </p>
        </div>
      )}
      <form onSubmit={signIn} noValidate className="mt-5">
        <fieldset className="space-y-4">
          <FormField id="sign-in-email" label="E-mail">
            {(aria) => (
              <input
                id="sign-in-email"
                name="email"
                type="email"
                autoComplete="username"
                spellCheck={false}
                required
                {...aria}
                className={`${textInput} mt-1`}
              />
            )}
          </FormField>
          <FormField id="sign-in-password" label="Password" error={error} announce>
            {(aria) => (
              <input
                id="sign-in-password"
                name="password"
                type="password"
                autoComplete="current-password"
                required
                {...aria}
                className={`${textInput} mt-1`}
              />
            )}
          </FormField>
          <button type="submit" disabled={checking} className={`${primaryButton} w-full sm:w-auto`}>
            {checking ? "Signing in…" : "Sign in"}
          </button>
        </fieldset>
      </form>
      <PasskeySignIn
        onSignedIn={(signedIn) => {
          onSignedIn();
          rememberStaffKey(signedIn.bearer);
        }}
      />
      <details className="mt-6 border-t border-stone-300 pt-4 dark:border-stone-700">
        <summary className="cursor-pointer font-semibold text-teal-800 dark:text-teal-300">
          Use an API key instead
        </summary>
        <div className="mt-4">
          <KeySignInForm onSignedIn={onSignedIn} />
        </div>
      </details>
    </section>
  );
}
