"use client";

import { webhookKeys } from "@/lib/react-query/webhook-queries";
import { WebhookList } from "./webhook-list";
import { StaffViewShell } from "./staff-view-shell";

/** The webhooks view uses the sign-in of the staff console (./staff-view-shell.tsx). */
export function WebhooksConsole() {
  return (
    <StaffViewShell
      queryKey={webhookKeys.all}
      needs="webhooks:read"
      refused="This key may not see webhooks: it needs the webhooks:read scope."
    >
      {({ apiKey, scopes, onUnauthorized }) => (
        <WebhookList
          apiKey={apiKey}
          scopes={scopes}
          canWrite={scopes.includes("webhooks:write")}
          onUnauthorized={onUnauthorized}
        />
      )}
    </StaffViewShell>
  );
}
