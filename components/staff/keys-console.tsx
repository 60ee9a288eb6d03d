"use client";

import { apiKeyKeys } from "@/lib/react-query/key-queries";
import { KeyList } from "./key-list";
import { StaffViewShell } from "./staff-view-shell";

/** The API keys view uses the sign-in of the staff console (./staff-view-shell.tsx). */
export function KeysConsole() {
  return (
    <StaffViewShell
      queryKey={apiKeyKeys.all}
      needs="keys:read"
      refused="This key may not see API keys: it needs the keys:read scope."
    >
      {({ apiKey, scopes, onUnauthorized }) => (
        <KeyList
          apiKey={apiKey}
          held={scopes}
          canWrite={scopes.includes("keys:write")}
          onUnauthorized={onUnauthorized}
        />
      )}
    </StaffViewShell>
  );
}
