"use client";

import { useEffect, useRef, useState, useSyncExternalStore, type FormEvent } from "react";
import { ApiError } from "@/lib/api/api-error";
import { isSetupNeeded, signInWithPassword } from "@/lib/api-client/auth-api";
import { panel } from "@/components/ui/styles";
import { KeySignInForm } from "./key-sign-in-form";
import { PasskeySignIn } from "./passkey-sign-in";
import { PasswordSignInFields, SetupNeededNote } from "./password-sign-in-fields";
import { rememberStaffKey } from "./staff-session";

const noChanges = () => () => {};

type Props = {
  notice: string | null;
  onSignedIn: () => void;
  /** What the server knew when it rendered a signed-out /staff (docs/decisions/224); unknown after a sign-out here. */
  setupNeeded?: boolean;
};

/**
 * Staff sign in with their account's e-mail and password; the server sets an HttpOnly
 * session cookie and answers the bearer this tab calls /v1 with (docs/decisions/189). The
 * server renders this form for a signed-out visitor, and the browser posts it to the sign-in
 * page until the console's script has arrived (or without JavaScript: docs/decisions/224);
 * from then on the console sends it itself. A key holder opens the second way below, which
 * the browser alone renders: a key must never be posted natively.
 */
export function SignInForm({ notice, onSignedIn, setupNeeded: setupNeededOnServer }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  const [setupNeeded, setSetupNeeded] = useState(setupNeededOnServer ?? false);
  const scripted = useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );

  useEffect(() => {
    if (notice) heading.current?.focus();
  }, [notice]);

  useEffect(() => {
    // No account yet: nobody can sign in here until the first admin is made (docs/decisions/218).
    // The server said so with the page; asked here only when it could not (after a sign-out).
    if (setupNeededOnServer === undefined) isSetupNeeded().then(setSetupNeeded, () => {});
  }, [setupNeededOnServer]);

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
      {setupNeeded && <SetupNeededNote />}
      <PasswordSignInFields error={error} announce checking={checking} onSubmit={signIn} />
      <PasskeySignIn
        onSignedIn={(signedIn) => {
          onSignedIn();
          rememberStaffKey(signedIn.bearer);
        }}
      />
      <p className="mt-6 hidden text-sm text-stone-700 [@media(scripting:none)]:block dark:text-stone-300">
        A passkey or an API key needs JavaScript.
      </p>
      {scripted && (
        <details className="mt-6 border-t border-stone-300 pt-4 dark:border-stone-700">
          <summary className="cursor-pointer font-semibold text-teal-800 dark:text-teal-300">
            Use an API key instead
          </summary>
          <div className="mt-4">
            <KeySignInForm onSignedIn={onSignedIn} />
          </div>
        </details>
      )}
    </section>
  );
}
