"use client";

import { peopleKeys } from "@/lib/react-query/people-queries";
import { PeopleManager } from "./people-manager";
import { StaffViewShell } from "./staff-view-shell";

/** The people view uses the sign-in of the staff console (./staff-view-shell.tsx). */
export function PeopleConsole() {
  return (
    <StaffViewShell
      queryKey={peopleKeys.all}
      needs="people:read"
      refused="Only admins manage people: your sign-in does not include the people:read scope."
    >
      {({ apiKey, scopes, onUnauthorized }) => (
        <PeopleManager apiKey={apiKey} canWrite={scopes.includes("people:write")} onUnauthorized={onUnauthorized} />
      )}
    </StaffViewShell>
  );
}
