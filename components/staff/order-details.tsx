"use client";

import { Time } from "@/components/ui/time";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { noteOrderWithKey } from "@/lib/api-client/order-details-api";
import { NOTE_MAX_LENGTH, OrderNote, type Order } from "@/lib/orders/schemas";
import { staffPetOptions } from "@/lib/react-query/order-queries";
import { orderKeys } from "@/lib/react-query/query-keys";
import { fieldLabel, primaryButton, secondaryButton, textInput } from "@/components/ui/styles";
import type { Notice } from "./notice";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";
const muted = "text-sm font-normal text-stone-700 dark:text-stone-300";

/** The order's pet by name. */
export function OrderPetName({ apiKey, petId }: { apiKey: string; petId: number }) {
  const pet = useQuery(staffPetOptions(apiKey, petId));
  return <span className="block wrap-anywhere">{pet.data ? pet.data.name : `pet #${petId}`}</span>;
}

/** When the order was placed and last changed, in the reader's locale and time zone. */
export function OrderTimes({ order }: { order: Order }) {
  return (
    <span className={`block ${muted}`}>
      Placed <Time iso={order.placedAt} />
      {order.updatedAt !== order.placedAt ? (
        <>
          {" · "}updated <Time iso={order.updatedAt} />
        </>
      ) : null}
    </span>
  );
}

/** Staff's note on the order, with "Edit note" when the key may change orders (decision 156). */
export function OrderNoteField({
  apiKey,
  order,
  canWrite,
  onNotice,
}: {
  apiKey: string;
  order: Order;
  canWrite: boolean;
  onNotice: (n: Notice) => void;
}) {
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();
  const label = `order #${order.id}`;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const note = OrderNote.safeParse(String(new FormData(event.currentTarget).get("note") ?? ""));
    if (!note.success) {
      setProblem(`The note ${note.error.issues[0]?.message ?? "is not valid"}.`);
      return;
    }
    setBusy(true);
    try {
      await noteOrderWithKey(apiKey, order.id, note.data);
      onNotice({ kind: "done", text: `Done: note saved for ${label}.` });
      setEditing(false);
    } catch (error) {
      onNotice({
        kind: "failed",
        text: `Could not save the note for ${label}: ${error instanceof Error ? error.message : String(error)}`,
      });
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: orderKeys.all });
    }
  }

  if (!editing) {
    return (
      <div className="mt-1">
        {order.note ? <p className="text-sm whitespace-pre-line wrap-anywhere">Note: {order.note}</p> : null}
        {canWrite ? (
          <button type="button" className={`${secondaryButton} ${small} mt-1`} onClick={() => setEditing(true)}>
            {order.note ? "Edit note" : "Add note"}
            <span className="sr-only"> for {label}</span>
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <form onSubmit={save} className="mt-1 flex flex-col gap-2" aria-label={`Edit the note of ${label}`}>
      <label htmlFor={`${id}-note`} className={fieldLabel}>
        Note for {label}
      </label>
      <textarea
        id={`${id}-note`}
        name="note"
        rows={3}
        maxLength={NOTE_MAX_LENGTH}
        defaultValue={order.note ?? ""}
        autoFocus
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={() => setProblem(null)}
        className={`${textInput} h-auto py-2`}
      />
      {problem ? (
        <p id={`${id}-problem`} className="text-sm text-red-800 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy} className={`${primaryButton} ${small}`}>
          Save note
        </button>
        <button type="button" className={`${secondaryButton} ${small}`} onClick={() => setEditing(false)}>
          Back
        </button>
      </div>
    </form>
  );
}
