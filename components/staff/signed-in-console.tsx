"use client";

import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useRef } from "react";
import { ApiError } from "@/lib/api/api-error";
import { isPersonBearer } from "@/lib/api-client/auth-api";
import { grants } from "@/lib/keys/grants";
import { staffMeOptions } from "@/lib/react-query/staff-queries";
import { panel, secondaryButton } from "@/components/ui/styles";

const errorPanel =
  "rounded-2xl border border-red-700/40 bg-red-50 p-6 text-red-950 dark:border-red-300/40 dark:bg-red-950 dark:text-red-50";
import { PetList } from "./pet-list";
import { ConsoleNav } from "./console-nav";
import { describeScopes, roleRefusal } from "./scope-words";

// The forms that add (a pet with its profile and photos, a category) load beside the list, not
// before it: the list and "Sign out" are what a person needs first (docs/decisions/225).
const NewPetForm = lazy(() => import("./new-pet-form").then((module) => ({ default: module.NewPetForm })));
const CategoriesSection = lazy(() =>
  import("./categories-section").then((module) => ({ default: module.CategoriesSection })),
);

const ROLE_WORDS = { admin: "an admin", staff: "staff", volunteer: "a volunteer" } as const;

type Props = {
  apiKey: string;
  /** True when the person just signed in here, false after a signed-in reload. */
  arrivedFromSignIn: boolean;
  onSignOut: () => void;
  onUnauthorized: () => void;
};

export function SignedInConsole({ apiKey, arrivedFromSignIn, onSignOut, onUnauthorized }: Props) {
  const heading = useRef<HTMLHeadingElement>(null);
  const me = useQuery(staffMeOptions(apiKey));
  const unauthorized = me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);
  // Until /v1/me answers, offer nothing rather than actions the key may not have.
  const scopes = me.data?.scopes ?? [];

  // Arriving from the sign-in form, whose button just disappeared: put focus somewhere useful.
  // Not after a reload: nobody asked for focus then, and Chromium would draw its ring.
  useEffect(() => {
    if (arrivedFromSignIn && document.activeElement === document.body) heading.current?.focus();
  }, [arrivedFromSignIn]);

  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold">
          {!isPersonBearer(apiKey) ? "Signed in as staff" : me.data ? `Signed in as ${me.data.name}` : "Signed in"}
        </h2>
        <button type="button" onClick={onSignOut} className={secondaryButton}>
          Sign out
        </button>
      </div>
      {me.isError && !unauthorized && (
        <div role="alert" className={`${errorPanel} mb-6`}>
          <p className="font-semibold">Your sign-in could not be checked.</p>
          <p className="mt-1">{me.error.message}</p>
          <button type="button" onClick={() => me.refetch()} className={`${secondaryButton} mt-4`}>
            Retry
          </button>
        </div>
      )}
      {me.data && (
        <p className="mb-6 text-sm text-stone-700 dark:text-stone-300">
          {me.data.role ? `As ${ROLE_WORDS[me.data.role]} you` : `Key “${me.data.name}”`} may {describeScopes(scopes)}
          {me.data.expiresAt ? ` · expires ${new Date(me.data.expiresAt).toUTCString()}` : ""}
        </p>
      )}
      {me.data && <ConsoleNav scopes={scopes} person={isPersonBearer(apiKey)} />}
      {/* Two columns only beside the form: a read-only key's list gets the whole width. */}
      <div
        className={`grid items-start gap-8 ${scopes.includes("pets:write") ? "lg:grid-cols-[22rem_minmax(0,1fr)]" : ""}`}
      >
        {scopes.includes("pets:write") && (
          <Suspense fallback={<div aria-busy="true" className={`${panel} h-[27rem]`} />}>
            <NewPetForm apiKey={apiKey} onUnauthorized={onUnauthorized} />
          </Suspense>
        )}
        {scopes.includes("pets:read") && (
          <PetList
            apiKey={apiKey}
            onUnauthorized={onUnauthorized}
            canOrder={grants(scopes, "orders:place")}
            canManageOrders={scopes.includes("orders:write")}
            canEdit={scopes.includes("pets:write")}
            canEditPhotos={scopes.includes("pets:write")}
          />
        )}
        {me.data && !scopes.includes("pets:read") && !scopes.includes("pets:write") && (
          <p>
            {me.data.role
              ? roleRefusal("pets:read", me.data.role)
              : `This key may not read or add pets (it may ${describeScopes(scopes)}).`}
          </p>
        )}
      </div>
      {scopes.includes("categories:write") && (
        <Suspense fallback={null}>
          <CategoriesSection apiKey={apiKey} onUnauthorized={onUnauthorized} />
        </Suspense>
      )}
    </div>
  );
}
