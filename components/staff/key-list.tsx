"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { revokeKeyWithKey } from "@/lib/api-client/keys-api";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { scopesBeyond } from "@/lib/keys/key-rules";
import { statusOf, type KeyStatus } from "@/lib/keys/key-store";
import type { ApiKey } from "@/lib/keys/schemas";
import type { Scope } from "@/lib/keys/scopes";
import { apiKeyKeys, apiKeysOptions } from "@/lib/react-query/key-queries";
import { peopleOptions } from "@/lib/react-query/people-queries";
import { panel, secondaryButton } from "@/components/ui/styles";
import { ConfirmDialog } from "./confirm-dialog";
import { NewKeyForm } from "./new-key-form";
import { describeScopes } from "./scope-words";

type Notice = { kind: "done" | "failed"; text: string };

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

const STATUS_WORDS: Record<KeyStatus, { text: string; style: string }> = {
  active: { text: "Active", style: "bg-teal-100 text-teal-950 dark:bg-teal-900 dark:text-teal-50" },
  expired: { text: "Expired", style: "bg-stone-200 text-stone-900 dark:bg-stone-700 dark:text-stone-50" },
  revoked: { text: "Revoked", style: "bg-red-100 text-red-950 dark:bg-red-900 dark:text-red-50" },
};

const when = (iso: string) => new Date(iso).toUTCString();

/** Who stands behind a key, in words; a person by name when the viewer may list people. */
function issuerWords(issuer: ApiKey["issuer"], names: ReadonlyMap<string, string>): string {
  switch (issuer.type) {
    case "person":
      return `Issued by ${names.get(issuer.id) ?? `person ${issuer.id}`}`;
    case "operator":
      return "Issued by the operator (npm run keys or PETSTORE_API_KEYS)";
    case "unknown":
      return "Issuer unknown (issued before issuers were kept): review it, and replace it if in doubt";
  }
}

/** Issued API keys (keys:read) with their status; issuing and revoking need keys:write. */
export function KeyList({
  apiKey,
  held,
  canWrite,
  onUnauthorized,
}: {
  apiKey: string;
  held: readonly Scope[];
  canWrite: boolean;
  onUnauthorized: () => void;
}) {
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysOptions(apiKey));
  const people = useQuery({ ...peopleOptions(apiKey), enabled: held.includes("people:read") });
  const names = new Map((people.data ?? []).map((person) => [person.id, person.name]));
  const [notice, setNotice] = useState<Notice | null>(null);
  const [asked, setAsked] = useState<ApiKey | null>(null);
  const [busy, setBusy] = useState(false);
  const heading = useRef<HTMLHeadingElement>(null);
  // Status as of the list's reading (render stays pure); the list is read again after each change.
  const now = keys.dataUpdatedAt;

  async function revoke(key: ApiKey) {
    setBusy(true);
    try {
      await revokeKeyWithKey(apiKey, key.id);
      setNotice({ kind: "done", text: `Revoked the key “${key.name}”: it is refused from now on.` });
      await queryClient.invalidateQueries({ queryKey: apiKeyKeys.all });
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      setNotice({ kind: "failed", text: `Could not revoke “${key.name}”: ${(error as Error).message}` });
    } finally {
      setBusy(false);
      // Its Revoke button is gone: the list's heading, beside the notice, takes the focus.
      heading.current?.focus();
    }
  }

  return (
    <div className="grid gap-8">
      {canWrite && <NewKeyForm apiKey={apiKey} held={held} onUnauthorized={onUnauthorized} />}
      <section aria-labelledby="keys-heading" className={panel}>
        <h2 id="keys-heading" ref={heading} tabIndex={-1} className="text-xl font-semibold">
          Issued keys
        </h2>
        <p
          role="status"
          className={`mt-2 min-h-6 text-sm ${notice?.kind === "failed" ? "font-semibold text-red-800 dark:text-red-300" : "text-teal-900 dark:text-teal-200"}`}
        >
          {notice?.text}
        </p>
        {keys.isError && <p className="mt-2">The keys could not be loaded: {keys.error.message}</p>}
        {keys.data?.length === 0 && <p className="mt-2">No keys issued yet.</p>}
        <ul className="mt-4 space-y-4">
          {keys.data?.map((key) => {
            const status = statusOf(key, now);
            const mayRevoke = canWrite && status !== "revoked" && scopesBeyond(held, key.scopes).length === 0;
            return (
              <li key={key.id} className="rounded-xl border border-stone-200 p-4 dark:border-stone-700">
                <article aria-labelledby={`key-${key.id}`}>
                  <h3 id={`key-${key.id}`} className="font-semibold break-all">
                    {key.name}
                  </h3>
                  <p className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                    <span className={`rounded-full px-2 py-0.5 font-semibold ${STATUS_WORDS[status].style}`}>
                      {STATUS_WORDS[status].text}
                    </span>
                    <span>May {describeScopes(key.scopes)}</span>
                  </p>
                  <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
                    <span className="font-mono">{key.id}</span> · issued {when(key.createdAt)}
                    {key.expiresAt ? ` · ${status === "expired" ? "expired" : "expires"} ${when(key.expiresAt)}` : ""}
                    {key.revokedAt ? ` · revoked ${when(key.revokedAt)}` : ""}
                  </p>
                  <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">{issuerWords(key.issuer, names)}</p>
                  {mayRevoke && (
                    <button
                      type="button"
                      disabled={busy}
                      className={`${secondaryButton} ${small} mt-3`}
                      onClick={() => setAsked(key)}
                    >
                      Revoke<span className="sr-only"> the key “{key.name}”</span>
                    </button>
                  )}
                </article>
              </li>
            );
          })}
        </ul>
      </section>
      <ConfirmDialog
        open={asked !== null}
        title={`Revoke the key “${asked?.name ?? ""}”?`}
        confirmLabel="Revoke key"
        keepLabel="Keep it"
        onConfirm={() => asked && void revoke(asked)}
        onClose={() => setAsked(null)}
      >
        Whatever uses it is refused from now on. This cannot be undone: a new key would have to be issued.
      </ConfirmDialog>
    </div>
  );
}
