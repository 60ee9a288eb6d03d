"use client";

import Link from "next/link";
import { isPersonBearer } from "@/lib/api-client/auth-api";
import { ConsoleSkeleton } from "./console-skeleton";
import { OwnPasskeys } from "./own-passkeys";
import { OwnSessions } from "./own-sessions";
import { PasswordChange } from "./password-change";
import { SignInForm } from "./sign-in-form";
import { useStaffKey } from "./staff-session";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";

/** A signed-in person's own sessions, passkeys and password; a key holder has no account to show. */
export function AccountConsole() {
  const bearer = useStaffKey();
  if (bearer === undefined) return <ConsoleSkeleton />;
  if (bearer === null) return <SignInForm notice={null} onSignedIn={() => {}} />;
  if (!isPersonBearer(bearer)) {
    return (
      <p>
        You signed in with an API key, which has no account. Sign in with your e-mail at the{" "}
        <Link href="/staff" className={linkStyle}>
          staff console
        </Link>{" "}
        to see your account.
      </p>
    );
  }
  return (
    <div className="grid max-w-3xl gap-8">
      <OwnSessions />
      <OwnPasskeys />
      <PasswordChange />
    </div>
  );
}
