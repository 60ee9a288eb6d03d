"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { setPetListedWithKey } from "@/lib/api-client/pet-listing-api";
import { ApiError } from "@/lib/api/api-error";
import { petKeys } from "@/lib/react-query/query-keys";
import type { Pet } from "@/lib/pets/schemas";
import { primaryButton } from "@/components/ui/styles";
import type { Notice } from "./notice";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/** "Show to adopters" on a pet staff still prepare (docs/decisions/215): lists it on the gallery. */
export function ListPetButton({ apiKey, pet, onNotice }: { apiKey: string; pet: Pet; onNotice: (n: Notice) => void }) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  async function list() {
    setBusy(true);
    try {
      const listed = await setPetListedWithKey(apiKey, pet.id, true);
      onNotice({ kind: "done", text: `Done: adopters now see ${listed.name} on the gallery.` });
    } catch (error) {
      const why = error instanceof ApiError ? error.message : "the server cannot be reached. Try again shortly.";
      onNotice({ kind: "failed", text: `${pet.name} is not shown to adopters yet: ${why}` });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: petKeys.all });
    }
  }

  return (
    <button type="button" disabled={busy} onClick={() => void list()} className={`${primaryButton} ${small}`}>
      {busy ? "Showing…" : "Show to adopters"}
      <span className="sr-only"> {pet.name}</span>
    </button>
  );
}
