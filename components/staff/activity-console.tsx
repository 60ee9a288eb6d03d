"use client";

import { auditKeys } from "@/lib/react-query/audit-queries";
import { ActivityList } from "./activity-list";
import { StaffViewShell } from "./staff-view-shell";

/** The Activity view uses the sign-in of the staff console (./staff-view-shell.tsx). */
export function ActivityConsole() {
  return (
    <StaffViewShell
      queryKey={auditKeys.all}
      needs="audit:read"
      refused="This key may not see the activity: it needs the audit:read scope."
    >
      {({ apiKey, onUnauthorized }) => <ActivityList apiKey={apiKey} onUnauthorized={onUnauthorized} />}
    </StaffViewShell>
  );
}
