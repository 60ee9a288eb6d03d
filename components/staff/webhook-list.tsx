"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import {
  createWebhookWithKey,
  rotateWebhookSecretWithKey,
  sendWebhookTestWithKey,
  updateWebhookWithKey,
} from "@/lib/api-client/webhooks-api";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { webhookEndpointsOptions, webhookKeys } from "@/lib/react-query/webhook-queries";
import type { WebhookEndpoint } from "@/lib/webhooks/schemas";
import { panel, secondaryButton, textInput } from "@/components/ui/styles";
import { ConfirmDialog } from "./confirm-dialog";
import { WebhookDeliveryList } from "./webhook-delivery-list";
import { WebhookEventChoice } from "./webhook-event-choice";
import type { Notice } from "./notice";

/** A secret just issued: shown this once, until dismissed. */
type Shown = { endpointUrl: string; secret: string };

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

const HEALTH_WORDS: Record<WebhookEndpoint["health"], { text: string; style: string }> = {
  healthy: { text: "Healthy", style: "bg-teal-100 text-teal-950 dark:bg-teal-900 dark:text-teal-50" },
  failing: { text: "Failing", style: "bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50" },
  disabled: { text: "Disabled", style: "bg-stone-200 text-stone-900 dark:bg-stone-700 dark:text-stone-50" },
};

/** Webhook endpoints (webhooks:read), with their health and recent deliveries; changes need webhooks:write. */
export function WebhookList({
  apiKey,
  scopes,
  canWrite,
  onUnauthorized,
}: {
  apiKey: string;
  /** The signed-in person's or key's scopes: which event types the form may offer. */
  scopes: readonly string[];
  canWrite: boolean;
  onUnauthorized: () => void;
}) {
  const queryClient = useQueryClient();
  const endpoints = useQuery(webhookEndpointsOptions(apiKey));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [shown, setShown] = useState<Shown | null>(null);
  const [busy, setBusy] = useState(false);
  const [rotating, setRotating] = useState<WebhookEndpoint | null>(null);

  async function act(call: () => Promise<string>, what: string) {
    setBusy(true);
    try {
      setNotice({ kind: "done", text: await call() });
      await queryClient.invalidateQueries({ queryKey: webhookKeys.all });
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      setNotice({
        kind: "failed",
        text: `Could not ${what}: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      setBusy(false);
    }
  }

  function create(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const url = String(data.get("url") ?? "").trim();
    const description = String(data.get("description") ?? "").trim();
    const eventTypes = data.getAll("eventTypes").map(String);
    if (!url) return setNotice({ kind: "failed", text: "Could not add the endpoint: enter its URL." });
    if (eventTypes.length === 0)
      return setNotice({ kind: "failed", text: "Could not add the endpoint: choose at least one event to send." });
    void act(async () => {
      const created = await createWebhookWithKey(apiKey, url, description, eventTypes);
      form.reset();
      setShown({ endpointUrl: created.url, secret: created.secret });
      return `Added the endpoint ${created.url}.`;
    }, "add the endpoint");
  }

  return (
    <section aria-labelledby="webhooks-heading" className={panel}>
      <h2 id="webhooks-heading" className="text-xl font-semibold">
        Endpoints
      </h2>
      <p
        role="status"
        className={`mt-2 min-h-6 text-sm ${notice?.kind === "failed" ? "font-semibold text-red-800 dark:text-red-300" : "text-teal-900 dark:text-teal-200"}`}
      >
        {notice?.text}
      </p>
      {shown && (
        <div
          role="region"
          aria-label="Signing secret"
          className="mt-2 rounded-lg border border-amber-600 bg-amber-50 p-4 text-amber-950 dark:bg-amber-950 dark:text-amber-50"
        >
          <p className="font-semibold">Signing secret for {shown.endpointUrl}: copy it now, it is not shown again.</p>
          <code className="mt-2 block break-all">{shown.secret}</code>
          <button type="button" className={`${secondaryButton} ${small} mt-3`} onClick={() => setShown(null)}>
            I have copied it
          </button>
        </div>
      )}
      {endpoints.isError && <p className="mt-2">The endpoints could not be loaded: {endpoints.error.message}</p>}
      {endpoints.data?.length === 0 && <p className="mt-2">No endpoints yet.</p>}
      <ul className="mt-4 space-y-6">
        {endpoints.data?.map((endpoint) => (
          <li key={endpoint.id} className="rounded-xl border border-stone-200 p-4 dark:border-stone-700">
            <article aria-labelledby={`endpoint-${endpoint.id}`}>
              <h3 id={`endpoint-${endpoint.id}`} className="font-semibold break-all">
                {endpoint.url}
              </h3>
              <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                <span className={`rounded-full px-2 py-0.5 font-semibold ${HEALTH_WORDS[endpoint.health].style}`}>
                  {HEALTH_WORDS[endpoint.health].text}
                </span>
                <span>{endpoint.eventTypes.includes("*") ? "Every event" : endpoint.eventTypes.join(", ")}</span>
                {endpoint.description && <span>· {endpoint.description}</span>}
              </p>
              {endpoint.healthReason && <p className="mt-1 text-sm">{endpoint.healthReason}</p>}
              {canWrite && (
                <div className="mt-3 flex flex-wrap gap-2">
                  <button
                    type="button"
                    disabled={busy}
                    className={`${secondaryButton} ${small}`}
                    onClick={() =>
                      act(async () => {
                        await sendWebhookTestWithKey(apiKey, endpoint.id);
                        return `Sent a test to ${endpoint.url}; its result shows in the deliveries.`;
                      }, "send a test")
                    }
                  >
                    Send test<span className="sr-only"> to {endpoint.url}</span>
                  </button>
                  <button
                    type="button"
                    disabled={busy}
                    className={`${secondaryButton} ${small}`}
                    onClick={() => setRotating(endpoint)}
                  >
                    Rotate secret<span className="sr-only"> of {endpoint.url}</span>
                  </button>
                  <button
                    type="button"
                    disabled={busy}
                    className={`${secondaryButton} ${small}`}
                    onClick={() =>
                      act(
                        async () => {
                          await updateWebhookWithKey(apiKey, endpoint.id, { enabled: !endpoint.enabled });
                          return `${endpoint.enabled ? "Disabled" : "Enabled"} ${endpoint.url}.`;
                        },
                        endpoint.enabled ? "disable the endpoint" : "enable the endpoint",
                      )
                    }
                  >
                    {endpoint.enabled ? "Disable" : "Enable"}
                    <span className="sr-only"> {endpoint.url}</span>
                  </button>
                </div>
              )}
              <WebhookDeliveryList
                apiKey={apiKey}
                endpoint={endpoint}
                canWrite={canWrite}
                onNotice={setNotice}
                onUnauthorized={onUnauthorized}
              />
            </article>
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={rotating !== null}
        title={`Rotate the secret of ${rotating?.url ?? ""}?`}
        confirmLabel="Rotate secret"
        keepLabel="Keep the current secret"
        onConfirm={() => {
          const endpoint = rotating;
          if (!endpoint) return;
          void act(async () => {
            const rotated = await rotateWebhookSecretWithKey(apiKey, endpoint.id);
            setShown({ endpointUrl: rotated.url, secret: rotated.secret });
            return `Rotated the secret of ${endpoint.url}; the old one also signs for a day.`;
          }, "rotate the secret");
        }}
        onClose={() => setRotating(null)}
      >
        A new secret is shown once. The current one stops working in a day: until then every delivery is signed with
        both, so the receiver must switch to the new secret within that day or it will refuse the deliveries.
      </ConfirmDialog>
      {canWrite && (
        <form
          onSubmit={create}
          className="mt-6 grid gap-2 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto] sm:items-end"
        >
          <label className="text-sm font-semibold">
            Endpoint URL
            <input name="url" type="url" maxLength={2048} autoComplete="off" className={`${textInput} mt-1 h-9`} />
          </label>
          <label className="text-sm font-semibold">
            Description
            <input name="description" maxLength={500} autoComplete="off" className={`${textInput} mt-1 h-9`} />
          </label>
          <WebhookEventChoice scopes={scopes} />
          <button type="submit" disabled={busy} className={`${secondaryButton} ${small} sm:col-start-3`}>
            Add endpoint
          </button>
        </form>
      )}
    </section>
  );
}
