"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect } from "react";
import { ApiError } from "@/lib/api/api-error";
import { staffMeOptions } from "@/lib/react-query/staff-queries";
import { petKeys } from "@/lib/react-query/query-keys";
import { peopleKeys } from "@/lib/react-query/people-queries";
import { ConsoleSkeleton } from "./console-skeleton";
import { PeopleManager } from "./people-manager";
import { forgetStaffKey, useStaffKey } from "./staff-session";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";

/** The people view uses the sign-in of the staff console; it has no sign-in form of its own. */
export function PeopleConsole() {
  const apiKey = useStaffKey();
  if (apiKey === undefined) return <ConsoleSkeleton />;
  if (apiKey === null) {
    return (
      <p>
        Sign in at the{" "}
        <Link href="/staff" className={linkStyle}>
          staff console
        </Link>{" "}
        first, then come back to the people.
      </p>
    );
  }
  return <SignedInPeople apiKey={apiKey} />;
}

function SignedInPeople({ apiKey }: { apiKey: string }) {
  const queryClient = useQueryClient();
  const me = useQuery(staffMeOptions(apiKey));
  const onUnauthorized = useCallback(() => {
    forgetStaffKey({ everywhere: false });
    queryClient.removeQueries({ queryKey: petKeys.staff() });
    queryClient.removeQueries({ queryKey: peopleKeys.all });
  }, [queryClient]);
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
      {scopes.includes("people:read") ? (
        <PeopleManager apiKey={apiKey} canWrite={scopes.includes("people:write")} onUnauthorized={onUnauthorized} />
      ) : (
        <p>Only admins manage people: your sign-in does not include the people:read scope.</p>
      )}
    </div>
  );
}
