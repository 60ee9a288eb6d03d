"use client";

import { useState } from "react";
import { ApiError } from "@/lib/api/api-error";
import type { SignedIn } from "@/lib/api-client/auth-api";
import { passkeyPromptMessage, signInWithPasskey } from "@/lib/api-client/passkey-api";
import { secondaryButton } from "@/components/ui/styles";
import { usePasskeysAvailable } from "./use-passkeys-available";

/**
 * "Sign in with a passkey", under the password form: the browser offers the passkeys it holds
 * for this site, so no e-mail is typed. Where passkeys cannot work (no WebAuthn, or the site
 * opened by an IP address) it says why instead of offering a button that would fail.
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (signedIn: SignedIn) => void }) {
  const available = usePasskeysAvailable();
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function signIn() {
    if (checking) return;
    setChecking(true);
    setError(null);
    try {
      onSignedIn(await signInWithPasskey());
    } catch (failure) {
      setError(
        passkeyPromptMessage(failure) ??
          (failure instanceof ApiError && failure.status < 500
            ? failure.message
            : "The server could not be reached. Try again in a moment."),
      );
    } finally {
      setChecking(false);
    }
  }

  if (available === null) return null;
  if (!available)
    return (
      <p className="mt-4 text-sm text-stone-700 dark:text-stone-300">
        Passkeys need the site opened by its host name (such as localhost), not an IP address.
      </p>
    );
  return (
    <div className="mt-4">
      <button type="button" disabled={checking} onClick={signIn} className={`${secondaryButton} w-full sm:w-auto`}>
        {checking ? "Waiting for your passkey…" : "Sign in with a passkey"}
      </button>
      <p role="alert" className="mt-2 text-sm text-red-800 dark:text-red-300">
        {error}
      </p>
    </div>
  );
}
