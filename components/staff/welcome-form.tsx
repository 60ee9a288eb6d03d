"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, useSyncExternalStore, type FormEvent } from "react";
import { ApiError } from "@/lib/api/api-error";
import { acceptInvitation, checkLink, setUpFirstAdmin } from "@/lib/api-client/auth-api";
import { FormField } from "@/components/ui/form-field";
import { panel, primaryButton, textInput } from "@/components/ui/styles";
import { rememberStaffKey } from "./staff-session";

type Link = { kind: "invitation" | "setup"; token: string } | { kind: "none" } | undefined;

/** The link's token sits in the URL's fragment, which browsers never send: it reaches no server log. */
function readLink(): Link {
  const params = new URLSearchParams(window.location.hash.slice(1));
  for (const kind of ["invitation", "setup"] as const) {
    const token = params.get(kind);
    if (token) return { kind, token };
  }
  return { kind: "none" };
}

// Read once per page load, before the fragment is taken out of the address bar.
let captured: Link;
const capturedLink = () => (captured ??= readLink());
const noChanges = () => () => {};

const MIN_PASSWORD = 12;

/**
 * An invited person sets their password; the operator holding the first-admin set-up link
 * creates the first admin. Either way they are signed in and sent to the console.
 */
export function WelcomeForm() {
  const router = useRouter();
  const link = useSyncExternalStore(noChanges, capturedLink, () => undefined);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [sending, setSending] = useState(false);
  // Asked before the form shows, so nobody types a password into a link that is spent.
  const [usable, setUsable] = useState<boolean | undefined>(undefined);

  useEffect(() => {
    // Out of the address bar and the history once read: a shared screen or synced history keeps no token.
    if (link && link.kind !== "none") window.history.replaceState(null, "", window.location.pathname);
    if (!link || link.kind === "none") return;
    let current = true;
    checkLink(link.kind, link.token).then(
      (answer) => current && setUsable(answer),
      () => current && setUsable(true), // unreachable: show the form, whose answer will say
    );
    return () => {
      current = false;
    };
  }, [link]);

  if (link === undefined) return null;
  if (link.kind === "none") {
    return (
      <p className={`${panel} max-w-lg`}>
        This page needs the whole link you were sent. Open it again from the message, or ask an admin for a new one.
      </p>
    );
  }

  if (usable === undefined) return <p className={`${panel} max-w-lg`}>Checking your link…</p>;
  if (!usable) {
    return (
      <section aria-labelledby="welcome-heading" className={`${panel} max-w-lg`}>
        <h2 id="welcome-heading" className="text-xl font-semibold">
          This link no longer works
        </h2>
        <p className="mt-3 text-stone-700 dark:text-stone-300">
          {link.kind === "setup"
            ? "The first admin has already been created with it. Sign in on the staff console, or ask that admin for an invitation."
            : "It has been used, replaced by a newer link, or has expired (links work for 7 days, once). Ask an admin for a new one."}
        </p>
        <p className="mt-3">
          <Link href="/staff" className="font-semibold text-teal-800 underline dark:text-teal-300">
            Go to the staff sign-in
          </Link>
        </p>
      </section>
    );
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending || link === undefined || link.kind === "none") return;
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? "");
    const found: Record<string, string> = {};
    if (link.kind === "setup") {
      if (!value("name").trim()) found.name = "Enter your name.";
      if (!value("email").includes("@")) found.email = "Enter your e-mail address.";
    }
    if (value("password").length < MIN_PASSWORD) found.password = `Use at least ${MIN_PASSWORD} characters.`;
    else if (value("password") !== value("confirm")) found.confirm = "The two passwords differ.";
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSending(true);
    try {
      const signedIn =
        link.kind === "setup"
          ? await setUpFirstAdmin(link.token, value("name").trim(), value("email").trim(), value("password"))
          : await acceptInvitation(link.token, value("password"));
      rememberStaffKey(signedIn.bearer);
      router.push("/staff");
    } catch (failure) {
      const details = (failure instanceof ApiError ? failure.details : undefined) ?? [];
      const byField = Object.fromEntries(
        details.map((detail) => [detail.field, `The server says: ${detail.message}.`]),
      );
      setErrors(
        Object.keys(byField).length > 0
          ? byField
          : { form: failure instanceof ApiError ? failure.message : "The server could not be reached. Try again." },
      );
    } finally {
      setSending(false);
    }
  }

  const setup = link.kind === "setup";
  return (
    <section aria-labelledby="welcome-heading" className={`${panel} max-w-lg`}>
      <h2 id="welcome-heading" className="text-xl font-semibold">
        {setup ? "Create the first admin" : "Choose your password"}
      </h2>
      <p className="mt-3 text-stone-700 dark:text-stone-300">
        {setup
          ? "No staff account exists yet. The first one is an admin, who then invites everyone else."
          : "An admin invited you. Choose a password of at least 12 characters; a passphrase of a few words is good."}
      </p>
      <form onSubmit={submit} noValidate className="mt-5">
        <fieldset className="space-y-4">
          {setup && (
            <>
              <FormField id="welcome-name" label="Your name" error={errors.name}>
                {(aria) => (
                  <input id="welcome-name" name="name" autoComplete="name" {...aria} className={`${textInput} mt-1`} />
                )}
              </FormField>
              <FormField id="welcome-email" label="E-mail" error={errors.email}>
                {(aria) => (
                  <input
                    id="welcome-email"
                    name="email"
                    type="email"
                    autoComplete="username"
                    {...aria}
                    className={`${textInput} mt-1`}
                  />
                )}
              </FormField>
            </>
          )}
          <FormField id="welcome-password" label="New password" error={errors.password}>
            {(aria) => (
              <input
                id="welcome-password"
                name="password"
                type="password"
                autoComplete="new-password"
                {...aria}
                className={`${textInput} mt-1`}
              />
            )}
          </FormField>
          <FormField id="welcome-confirm" label="The same password again" error={errors.confirm}>
            {(aria) => (
              <input
                id="welcome-confirm"
                name="confirm"
                type="password"
                autoComplete="new-password"
                {...aria}
                className={`${textInput} mt-1`}
              />
            )}
          </FormField>
          <p role="alert" className="text-red-800 dark:text-red-300">
            {errors.form}
          </p>
          <button type="submit" disabled={sending} className={`${primaryButton} w-full sm:w-auto`}>
            {sending ? "Saving…" : setup ? "Create the admin and sign in" : "Save and sign in"}
          </button>
        </fieldset>
      </form>
    </section>
  );
}
