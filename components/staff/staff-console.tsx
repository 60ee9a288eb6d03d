"use client";

import { useQueryClient } from "@tanstack/react-query";
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from "react";
import { isPersonBearer, signOutSession } from "@/lib/api-client/auth-api";
import { petKeys } from "@/lib/react-query/query-keys";
import { ConsoleSkeleton } from "./console-skeleton";
import { forgetNewPetDraft } from "./new-pet-draft";
import { SignInForm } from "./sign-in-form";
import { forgetStaffKey, useStaffKey } from "./staff-session";

// Loaded after sign-in only: it carries zod and the list, which the sign-in screen does not need.
const loadSignedInConsole = () => import("./signed-in-console");
const SignedInConsole = lazy(() => loadSignedInConsole().then((module) => ({ default: module.SignedInConsole })));

const NEEDS_JAVASCRIPT = "The staff console needs JavaScript: it keeps your sign-in in this browser's open tabs only.";

type Props = {
  /** The server's rendering of a signed-in person's console (docs/decisions/219). */
  firstView?: ReactNode;
  /**
   * Set when the server found no session: the sign-in form is then the first view, rendered
   * by the server and usable before this script runs (docs/decisions/224).
   */
  signedOut?: { setupNeeded: boolean };
};

/**
 * Signed out: the sign-in form. Signed in: the list and the form to add pets. Until this tab
 * holds its bearer (or knows it has none) and the console's code has arrived, it shows what
 * the server rendered: `firstView`, or the sign-in form when `signedOut`.
 */
export function StaffConsole({ firstView, signedOut }: Props) {
  const apiKey = useStaffKey();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<string | null>(null);
  const [signedInHere, setSignedInHere] = useState(false);

  const signOut = useCallback(
    (message: string, everywhere = false) => {
      forgetStaffKey({ everywhere });
      queryClient.removeQueries({ queryKey: petKeys.staff() });
      setNotice(message);
    },
    [queryClient],
  );

  // The server says someone is signed in here (docs/decisions/219): fetch the console's code
  // while the tab asks for its bearer, not after (docs/decisions/225).
  useEffect(() => {
    if (firstView) void loadSignedInConsole();
  }, [firstView]);

  const shownNotice = apiKey === null ? notice : null;
  return (
    <>
      {/* Always mounted, so screen readers announce the notice when it appears. */}
      <p
        role="status"
        className={
          shownNotice
            ? "mb-6 max-w-lg rounded-lg border border-teal-700/30 bg-teal-50 p-3 text-teal-950 dark:border-teal-300/30 dark:bg-teal-950 dark:text-teal-50"
            : undefined
        }
      >
        {shownNotice}
      </p>
      {apiKey === null || (apiKey === undefined && signedOut) ? (
        // One element for both: what is typed before the tab knows it is signed out stays typed.
        <SignInForm notice={notice} onSignedIn={() => setSignedInHere(true)} setupNeeded={signedOut?.setupNeeded} />
      ) : apiKey === undefined && firstView ? (
        firstView
      ) : apiKey === undefined ? (
        // The server and the first render in the browser cannot know whether this tab holds
        // a key: show the console loading, never a sign-in card a signed-in person would see flash.
        <>
          {/* Without scripting (CSS media feature `scripting`: Chrome 120, Firefox 113, Safari 17)
              the skeleton would never resolve, so the message shows alone. */}
          <p className="mb-6 hidden max-w-lg font-medium [@media(scripting:none)]:block">{NEEDS_JAVASCRIPT}</p>
          <div className="[@media(scripting:none)]:hidden">
            <ConsoleSkeleton />
          </div>
        </>
      ) : (
        <Suspense fallback={firstView ?? <ConsoleSkeleton />}>
          <SignedInConsole
            apiKey={apiKey}
            arrivedFromSignIn={signedInHere}
            onSignOut={() => {
              forgetNewPetDraft(); // leaving on purpose: the next person at this tab starts empty
              if (!isPersonBearer(apiKey)) signOut("You have signed out. The API key is forgotten.", true);
              else {
                // The session ends on the server, so every tab's bearer stops working with it.
                void signOutSession()
                  .catch(() => undefined) // signed out here regardless; the session ends at its expiry
                  .finally(() => signOut("You have signed out.", true));
              }
            }}
            onUnauthorized={() =>
              signOut(
                isPersonBearer(apiKey)
                  ? "Your session has ended. Please sign in again."
                  : "The API no longer accepts your key. Please sign in again.",
              )
            }
          />
        </Suspense>
      )}
    </>
  );
}
