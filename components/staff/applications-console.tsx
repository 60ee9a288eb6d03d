"use client";

import { applicationKeys } from "@/lib/react-query/application-queries";
import { ApplicationQueue } from "./application-queue";
import { StaffViewShell } from "./staff-view-shell";

/** The Applications view uses the sign-in of the staff console (./staff-view-shell.tsx). */
export function ApplicationsConsole() {
  return (
    <StaffViewShell
      queryKey={applicationKeys.all}
      needs="applications:read"
      refused="Your sign-in does not include the applications:read scope, so it cannot read adoption applications."
    >
      {({ apiKey, scopes, onUnauthorized }) => (
        <ApplicationQueue
          apiKey={apiKey}
          canWrite={scopes.includes("applications:write")}
          onUnauthorized={onUnauthorized}
        />
      )}
    </StaffViewShell>
  );
}
