"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { useCallback, useEffect } from "react";
import { ApiError } from "@/lib/api/api-error";
import { staffMeOptions } from "@/lib/react-query/staff-queries";
import { petKeys } from "@/lib/react-query/query-keys";
import { webhookKeys } from "@/lib/react-query/webhook-queries";
import { ConsoleSkeleton } from "./console-skeleton";
import { forgetStaffKey, useStaffKey } from "./staff-session";
import { WebhookList } from "./webhook-list";

const linkStyle = "font-semibold text-teal-800 underline underline-offset-2 dark:text-teal-300";

/** The webhooks view uses the key signed in at the staff console; it has no sign-in form of its own. */
export function WebhooksConsole() {
  const apiKey = useStaffKey();
  if (apiKey === undefined) return <ConsoleSkeleton />;
  if (apiKey === null) {
    return (
      <p>
        Sign in at the{" "}
        <Link href="/staff" className={linkStyle}>
          staff console
        </Link>{" "}
        first, then come back to the webhooks.
      </p>
    );
  }
  return <SignedInWebhooks apiKey={apiKey} />;
}

function SignedInWebhooks({ apiKey }: { apiKey: string }) {
  const queryClient = useQueryClient();
  const me = useQuery(staffMeOptions(apiKey));
  const onUnauthorized = useCallback(() => {
    forgetStaffKey({ everywhere: false });
    queryClient.removeQueries({ queryKey: petKeys.staff() });
    queryClient.removeQueries({ queryKey: webhookKeys.all });
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
      {scopes.includes("webhooks:read") ? (
        <WebhookList apiKey={apiKey} canWrite={scopes.includes("webhooks:write")} onUnauthorized={onUnauthorized} />
      ) : (
        <p>This key may not see webhooks: it needs the webhooks:read scope.</p>
      )}
    </div>
  );
}
