"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { TreatmentItem } from "@/lib/animal-record/medical-schemas";
import { addTreatmentItemWithKey } from "@/lib/api-client/medical-api";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { recordKeys } from "@/lib/react-query/record-queries";
import { secondaryButton } from "@/components/ui/styles";
import { smallButton } from "./form-toggle";
import { missingSuggestions, repeatWords } from "./treatment-item-view";

/**
 * The common items a shelter starts from (docs/decisions/257), added in one click: each is
 * posted as an item of its own, and those already on the list (by name) are not offered.
 */
export function SuggestedItemsOffer({
  apiKey,
  items,
  onNotice,
  onUnauthorized,
}: {
  apiKey: string;
  items: readonly TreatmentItem[];
  onNotice: (notice: { kind: "done" | "failed"; text: string }) => void;
  onUnauthorized: () => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const missing = missingSuggestions(items);
  if (missing.length === 0) return null;

  async function addAll() {
    setBusy(true);
    let added = 0;
    try {
      for (const item of missing) {
        await addTreatmentItemWithKey(apiKey, item);
        added++;
      }
      onNotice({ kind: "done", text: `Done: ${added} common items added to the list.` });
    } catch (error) {
      if (isUnauthorized(error)) return onUnauthorized();
      const why = error instanceof Error ? error.message : String(error);
      onNotice({ kind: "failed", text: `Added ${added} of ${missing.length} common items, then: ${why}` });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: recordKeys.items() });
    }
  }

  return (
    <div className="rounded-xl border border-dashed border-stone-400 p-3 dark:border-stone-600">
      <p className="font-semibold">Common items not on the list yet</p>
      <ul className="mt-1 list-disc pl-5 text-sm">
        {missing.map((item) => (
          <li key={item.name}>
            {item.name} · {repeatWords(item)}
          </li>
        ))}
      </ul>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        Intervals are a common protocol&apos;s: change any to your vet&apos;s after adding.
      </p>
      <button
        type="button"
        disabled={busy}
        className={`${secondaryButton} ${smallButton} mt-2`}
        onClick={() => void addAll()}
      >
        {busy ? "Adding…" : `Add these ${missing.length} items`}
      </button>
    </div>
  );
}
