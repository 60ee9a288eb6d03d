"use client";

import { formatTime } from "@/lib/dates/format-time";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { redeliverWithKey } from "@/lib/api-client/webhooks-api";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { webhookDeliveriesOptions, webhookKeys } from "@/lib/react-query/webhook-queries";
import type { WebhookDelivery, WebhookEndpoint } from "@/lib/webhooks/schemas";
import { secondaryButton } from "@/components/ui/styles";

const small = "h-auto min-h-8 px-3 py-0.5 text-sm whitespace-normal";

/** What the last attempt came to, in a few words. */
function lastAttempt(delivery: WebhookDelivery): string {
  const attempt = delivery.attempts.at(-1);
  if (!attempt) return "not tried yet";
  const answer = attempt.statusCode === undefined ? (attempt.error ?? "no answer") : `HTTP ${attempt.statusCode}`;
  return `${answer} after ${attempt.durationMs} ms`;
}

/** An endpoint's recent deliveries, newest first, with a redeliver button each (webhooks:write). */
export function WebhookDeliveryList({
  apiKey,
  endpoint,
  canWrite,
  onNotice,
  onUnauthorized,
}: {
  apiKey: string;
  endpoint: WebhookEndpoint;
  canWrite: boolean;
  onNotice: (notice: { kind: "done" | "failed"; text: string }) => void;
  onUnauthorized: () => void;
}) {
  const queryClient = useQueryClient();
  const deliveries = useQuery(webhookDeliveriesOptions(apiKey, endpoint.id));

  async function redeliver(delivery: WebhookDelivery) {
    try {
      await redeliverWithKey(apiKey, endpoint.id, delivery.id);
      onNotice({ kind: "done", text: `Sending ${delivery.eventType} to ${endpoint.url} again.` });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.deliveries(endpoint.id) });
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      onNotice({
        kind: "failed",
        text: `Could not redeliver: ${error instanceof Error ? error.message : String(error)}`,
      });
    }
  }

  if (!deliveries.data) return null;
  if (deliveries.data.length === 0) return <p className="mt-3 text-sm">No deliveries yet.</p>;
  return (
    <div className="mt-3">
      <h4 className="text-sm font-semibold">Recent deliveries</h4>
      <ul className="mt-1 divide-y divide-stone-200 text-sm dark:divide-stone-700">
        {deliveries.data.map((delivery) => (
          <li key={delivery.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-2">
            <span className="font-mono">{delivery.eventType}</span>
            <span className="font-semibold">{delivery.status}</span>
            <span>
              {delivery.attempts.length} attempt{delivery.attempts.length === 1 ? "" : "s"} · {lastAttempt(delivery)}
            </span>
            <time dateTime={delivery.createdAt} className="text-stone-700 dark:text-stone-300">
              {formatTime(delivery.createdAt)}
            </time>
            {canWrite && delivery.status !== "pending" && (
              <button type="button" className={`${secondaryButton} ${small}`} onClick={() => void redeliver(delivery)}>
                Redeliver
                <span className="sr-only">
                  {" "}
                  {delivery.eventType} of {formatTime(delivery.createdAt)}
                </span>
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
