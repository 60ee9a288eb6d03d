"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect } from "react";
import { ApiError } from "@/lib/api/api-error";
import { auditKeys } from "@/lib/react-query/audit-queries";
import { petKeys } from "@/lib/react-query/query-keys";
import { staffMeOptions } from "@/lib/react-query/staff-queries";
import { ActivityList } from "./activity-list";
import { ConsoleSkeleton } from "./console-skeleton";
import { forgetStaffKey, useStaffKey } from "./staff-session";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";

/** The Activity view uses the key signed in at the staff console; it has no sign-in form of its own. */
export function ActivityConsole() {
  const apiKey = useStaffKey();
  if (apiKey === undefined) return <ConsoleSkeleton />;
  if (apiKey === null) {
    return (
      <p>
        Sign in at the{" "}
        <Link href="/staff" className={linkStyle}>
          staff console
        </Link>{" "}
        first, then come back to the activity.
      </p>
    );
  }
  return <SignedInActivity apiKey={apiKey} />;
}

function SignedInActivity({ apiKey }: { apiKey: string }) {
  const queryClient = useQueryClient();
  const me = useQuery(staffMeOptions(apiKey));
  const onUnauthorized = useCallback(() => {
    forgetStaffKey({ everywhere: false });
    queryClient.removeQueries({ queryKey: petKeys.staff() });
    queryClient.removeQueries({ queryKey: auditKeys.all });
  }, [queryClient]);
  const unauthorized = me.error instanceof ApiError && me.error.status === 401;
  useEffect(() => {
    if (unauthorized) onUnauthorized();
  }, [unauthorized, onUnauthorized]);

  if (!me.data) return <ConsoleSkeleton />;
  return (
    <div>
      <p className="mb-6">
        <Link href="/staff" className={linkStyle}>
          Back to the pets
        </Link>
      </p>
      {me.data.scopes.includes("audit:read") ? (
        <ActivityList apiKey={apiKey} onUnauthorized={onUnauthorized} />
      ) : (
        <p>This key may not see the activity: it needs the audit:read scope.</p>
      )}
    </div>
  );
}
