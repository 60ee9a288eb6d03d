"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { correctPetStatusWithKey } from "@/lib/api-client/pet-corrections-api";
import { PET_STATUSES, REASON_MAX_LENGTH, StatusReason, type Pet, type PetStatus } from "@/lib/pets/schemas";
import { refreshAfterOrderChange, showPetStatus } from "@/lib/react-query/order-queries";
import { fieldLabel, primaryButton, secondaryButton, textInput } from "@/components/ui/styles";
import { ApiError } from "@/lib/api/api-error";
import type { Notice } from "./notice";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";
const STATUS_LABELS: Record<PetStatus, string> = { available: "Available", pending: "Pending", sold: "Sold" };

/**
 * "Correct status" for a pet no open order holds (one added as pending or sold, say): pick
 * the status, say why, confirm. The reason goes to the API only (docs/decisions/155).
 */
export function CorrectStatus({ apiKey, pet, onNotice }: { apiKey: string; pet: Pet; onNotice: (n: Notice) => void }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const others = PET_STATUSES.filter((status) => status !== pet.status);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const status = String(form.get("status")) as PetStatus;
    const reason = StatusReason.safeParse(String(form.get("reason") ?? ""));
    if (!reason.success) {
      setProblem(`The reason ${reason.error.issues[0]?.message ?? "is not valid"}.`);
      return;
    }
    const what = `mark ${pet.name} ${status}`;
    setBusy(true);
    const undo = await showPetStatus(queryClient, pet.id, status);
    try {
      await correctPetStatusWithKey(apiKey, pet.id, status, reason.data);
      onNotice({ kind: "done", text: `Done: ${pet.name} is now ${status}.` });
      setAsking(false);
    } catch (error) {
      undo();
      onNotice({ kind: "failed", text: failureMessage(error, what) });
    } finally {
      setBusy(false);
      void refreshAfterOrderChange(queryClient);
    }
  }

  if (!asking) {
    return (
      <button type="button" className={`${secondaryButton} ${small}`} onClick={() => setAsking(true)}>
        Correct status<span className="sr-only"> of {pet.name}</span>
      </button>
    );
  }
  return (
    <form onSubmit={submit} className="flex w-full flex-col gap-2" aria-label={`Correct the status of ${pet.name}`}>
      <div>
        <label htmlFor={`${id}-status`} className={fieldLabel}>
          New status
        </label>
        <select id={`${id}-status`} name="status" className={`${textInput} h-9 py-0`} autoFocus>
          {others.map((status) => (
            <option key={status} value={status}>
              {STATUS_LABELS[status]}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${id}-reason`} className={fieldLabel}>
          Reason
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          required
          maxLength={REASON_MAX_LENGTH}
          rows={2}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={() => setProblem(null)}
          className={`${textInput} h-auto py-2`}
        />
        {problem ? (
          <p id={`${id}-problem`} className="mt-1 text-sm text-red-800 dark:text-red-300">
            {problem}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={`${primaryButton} ${small}`}>
          Confirm new status
        </button>
        <button type="button" className={`${secondaryButton} ${small}`} onClick={() => setAsking(false)}>
          Back
        </button>
      </div>
    </form>
  );
}

function failureMessage(error: unknown, what: string): string {
  if (error instanceof ApiError && error.code === "pet_held_by_order") {
    return `Could not ${what}: someone reserved it meanwhile. Its order decides its status now.`;
  }
  return `Could not ${what}: ${error instanceof Error ? error.message : String(error)}`;
}
