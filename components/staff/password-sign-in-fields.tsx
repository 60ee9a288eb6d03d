import type { FormEvent } from "react";
import { FormField } from "@/components/ui/form-field";
import { primaryButton, textInput } from "@/components/ui/styles";

/** Where the form posts when the browser sends it itself (docs/decisions/224). */
export const SIGN_IN_PAGE = "/staff/sign-in";

type Props = {
  /** The e-mail typed before a refusal; the password is never given back. */
  email?: string;
  error?: string | null;
  /** Keep the error's paragraph in the page as a live region (the console's form, which changes in place). */
  announce?: boolean;
  checking?: boolean;
  /** The console's own sending (JSON, no page load); without it the browser posts the form to SIGN_IN_PAGE. */
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
};

/**
 * The e-mail and password form, as the server renders it for the console and for the sign-in
 * page: a real `method="post"` form, so it works before the console's script has arrived and
 * without JavaScript (a GET would put the password in the address and the access log). With the
 * console loaded, `onSubmit` sends it instead and the browser never posts it.
 */
export function PasswordSignInFields({ email, error, announce = false, checking = false, onSubmit }: Props) {
  return (
    <form method="post" action={SIGN_IN_PAGE} onSubmit={onSubmit} noValidate className="mt-5">
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
              defaultValue={email}
              {...aria}
              className={`${textInput} mt-1`}
            />
          )}
        </FormField>
        <FormField id="sign-in-password" label="Password" error={error} announce={announce}>
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
  );
}

/** Before any account exists nobody can sign in: the first admin comes from the set-up link (docs/decisions/218). */
export function SetupNeededNote() {
  return (
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
  );
}
