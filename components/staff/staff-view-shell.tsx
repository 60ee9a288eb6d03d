"use client";

import { useQuery, useQueryClient, type QueryKey } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect, type ReactNode } from "react";
import { ApiError } from "@/lib/api/api-error";
import type { Scope } from "@/lib/keys/scopes";
import { petKeys } from "@/lib/react-query/query-keys";
import { staffMeOptions } from "@/lib/react-query/staff-queries";
import { ConsoleSkeleton } from "./console-skeleton";
import { roleRefusal } from "./scope-words";
import { SignInForm } from "./sign-in-form";
import { forgetStaffKey, useStaffKey } from "./staff-session";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";

/** What a view of the console gets once its caller is known. */
export interface SignedInView {
  apiKey: string;
  scopes: readonly Scope[];
  onUnauthorized: () => void;
}

/**
 * The frame every view beside the staff console shares (webhooks, API keys, people,
 * activity): it uses the console's sign-in, shown in place to a signed-out visitor, so a link
 * to a view leads there after signing in; it waits for /v1/me before offering anything,
 * forgets the view's queries and the sign-in on a 401, and shows the view only to a caller
 * holding `needs`.
 */
export function StaffViewShell({
  queryKey,
  needs,
  refused,
  children,
}: {
  /** The view's own queries, removed with the sign-in. */
  queryKey: QueryKey;
  needs: Scope;
  /** Said to a key without `needs` (a person is told of their role instead). */
  refused: string;
  children: (view: SignedInView) => ReactNode;
}) {
  const apiKey = useStaffKey();
  if (apiKey === undefined) return <ConsoleSkeleton />;
  // Signing in remembers the bearer, which renders the view in the form's place.
  if (apiKey === null) return <SignInForm notice={null} onSignedIn={() => {}} />;
  return (
    <SignedIn apiKey={apiKey} queryKey={queryKey} needs={needs} refused={refused}>
      {children}
    </SignedIn>
  );
}

function SignedIn({
  apiKey,
  queryKey,
  needs,
  refused,
  children,
}: {
  apiKey: string;
  queryKey: QueryKey;
  needs: Scope;
  refused: string;
  children: (view: SignedInView) => ReactNode;
}) {
  const queryClient = useQueryClient();
  const me = useQuery(staffMeOptions(apiKey));
  const onUnauthorized = useCallback(() => {
    forgetStaffKey({ everywhere: false });
    queryClient.removeQueries({ queryKey: petKeys.staff() });
    queryClient.removeQueries({ queryKey });
  }, [queryClient, queryKey]);
  const unauthorized = me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);

  if (!me.data) return <ConsoleSkeleton />;
  const scopes = me.data.scopes;
  return (
    <div>
      <p className="mb-6">
        <Link href="/staff" className={linkStyle}>
          Back to the pets
        </Link>
      </p>
      {scopes.includes(needs) ? (
        children({ apiKey, scopes, onUnauthorized })
      ) : (
        <p>{me.data.role ? roleRefusal(needs, me.data.role) : refused}</p>
      )}
    </div>
  );
}
