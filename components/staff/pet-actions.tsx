"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent, type RefObject } from "react";
import { moveOrderWithKey, placeOrderWithKey } from "@/lib/api-client/orders-api";
import { isOpenOrder, type Order, type OrderStatus } from "@/lib/orders/schemas";
import type { Pet, PetStatus } from "@/lib/pets/schemas";
import { openOrderOptions, refreshAfterOrderChange, showPetStatus } from "@/lib/react-query/order-queries";
import { orderKeys } from "@/lib/react-query/query-keys";
import { primaryButton, secondaryButton, textInput } from "@/components/ui/styles";
import { ConfirmDialog } from "./confirm-dialog";
import { orderFailureMessage } from "./order-messages";
import { CorrectStatus } from "./correct-status";
import { ORDER_STATUS_WORDS } from "./order-words";
import type { Notice } from "./notice";

// Wraps inside the narrow status cell on phones rather than pushing the table sideways.
const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/**
 * The actions a pet's status allows: reserve an available pet (asking who for); mark a pending
 * pet's order ready to go home (docs/decisions/217), complete or cancel it. Each shows at once and rolls back, with the
 * reason, if the API refuses (docs/decisions/085-optimistic-order-actions.md).
 */
interface PetActionsProps {
  apiKey: string;
  pet: Pet;
  onNotice: (n: Notice) => void;
  /**
   * Move on, complete, cancel and correct a status (orders:write and more); false for a
   * volunteer who may only reserve (orders:place): they see who an animal is reserved for.
   */
  mayManage: boolean;
}

/**
 * The row's order actions. They share their cell with Edit and Photos, so they keep a box of
 * their own (laid out as if absent): closing the inline form refocuses within it, not on the
 * cell's first button.
 */
export function PetActions(props: PetActionsProps) {
  const own = useRef<HTMLDivElement>(null);
  return (
    <div ref={own} className="contents">
      <OrderActions {...props} own={own} />
    </div>
  );
}

function OrderActions({
  apiKey,
  pet,
  onNotice,
  own,
  mayManage,
}: PetActionsProps & { own: RefObject<HTMLDivElement | null> }) {
  const queryClient = useQueryClient();
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  // Cancelling and completing cannot be undone: they wait for a yes in a dialog.
  const [confirming, setConfirming] = useState<"cancelled" | "delivered" | null>(null);
  const inputId = useId();
  const open = useQuery({ ...openOrderOptions(apiKey, pet.id), enabled: pet.status === "pending" });
  // The inline form's buttons vanish when it closes: focus then goes to the row's next order
  // action (Reserve again, or Mark ready to go home once reserved), never to the page.
  const refocusIn = useRef<HTMLElement | null>(null);
  useEffect(() => {
    const cell = refocusIn.current;
    // Nothing asked; the form still open; the change still in flight (the row may show
    // buttons its answer replaces, such as Correct status before the new order arrives); or
    // the order still loading: try on the next render.
    if (!cell || busy || cell.querySelector("form")) return;
    const next = cell.querySelector<HTMLButtonElement>("button:not([disabled])");
    if (!next) return;
    refocusIn.current = null;
    next.focus();
  });

  function closeForm(form: HTMLFormElement | null) {
    refocusIn.current = form ? own.current : null;
    setAsking(false);
  }

  function closeOnEscape(event: KeyboardEvent<HTMLFormElement>) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    closeForm(event.currentTarget);
  }

  async function change(what: string, petStatus: PetStatus, order: Order | null, call: () => Promise<Order>) {
    setBusy(true);
    const undoPet = await showPetStatus(queryClient, pet.id, petStatus);
    const openKey = orderKeys.openFor(pet.id);
    const openBefore = queryClient.getQueryData(openKey);
    if (order) queryClient.setQueryData(openKey, order);
    try {
      const changed = await call();
      // What the API answered is the truth for this row, whatever a read under way returns.
      await queryClient.cancelQueries({ queryKey: openKey });
      queryClient.setQueryData(openKey, isOpenOrder(changed.status) ? changed : null);
      onNotice({ kind: "done", text: `Done: ${what}.` });
    } catch (error) {
      undoPet();
      queryClient.setQueryData(openKey, openBefore);
      onNotice({ kind: "failed", text: orderFailureMessage(error, what) });
    } finally {
      setBusy(false);
      setAsking(false);
      void refreshAfterOrderChange(queryClient);
    }
  }

  function reserve(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const adopter = String(new FormData(event.currentTarget).get("adopter") ?? "").trim();
    if (!adopter) return;
    refocusIn.current = own.current;
    void change(`reserve ${pet.name} for ${adopter}`, "pending", null, () =>
      placeOrderWithKey(apiKey, pet.id, adopter),
    );
  }

  function move(order: Order, to: OrderStatus, what: string, petStatus: PetStatus) {
    void change(what, petStatus, to === "approved" ? { ...order, status: to } : null, () =>
      moveOrderWithKey(apiKey, order.id, to),
    );
  }

  if (pet.status === "available") {
    if (!asking) {
      return (
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`${secondaryButton} ${small}`} onClick={() => setAsking(true)}>
            Reserve<span className="sr-only"> {pet.name}</span>
          </button>
          <CorrectStatus apiKey={apiKey} pet={pet} onNotice={onNotice} />
        </div>
      );
    }
    return (
      <form onSubmit={reserve} onKeyDown={closeOnEscape} className="flex flex-wrap items-end gap-2">
        <div className="min-w-0">
          <label htmlFor={inputId} className="block text-sm font-semibold wrap-anywhere">
            Reserve {pet.name} for
          </label>
          <input
            id={inputId}
            name="adopter"
            required
            maxLength={100}
            autoFocus
            className={`${textInput} h-9 w-full sm:w-40`}
          />
        </div>
        <button type="submit" disabled={busy} className={`${primaryButton} ${small}`}>
          Confirm reservation
        </button>
        <button
          type="button"
          className={`${secondaryButton} ${small}`}
          onClick={(event) => closeForm(event.currentTarget.form)}
        >
          Back
        </button>
      </form>
    );
  }
  // No open order holds a sold pet, or a pending one added so: staff may correct its status (issue 22).
  if (pet.status !== "pending")
    return mayManage ? <CorrectStatus apiKey={apiKey} pet={pet} onNotice={onNotice} /> : null;
  const order = open.data;
  if (open.isPending) return <span className="text-sm text-stone-700 dark:text-stone-300">…</span>;
  if (!order) return mayManage ? <CorrectStatus apiKey={apiKey} pet={pet} onNotice={onNotice} /> : null;
  return (
    <div className="flex flex-wrap gap-2">
      {/* Visible: staff need to see who the animal is reserved for (issue 22, item 3). */}
      <span className="basis-full text-sm wrap-anywhere text-stone-800 dark:text-stone-200">
        Reserved for {order.adopter}
        <span className="text-stone-700 dark:text-stone-300">
          {" "}
          · order #{order.id}, {ORDER_STATUS_WORDS[order.status].toLowerCase()}
        </span>
      </span>
      {!mayManage ? null : order.status === "placed" ? (
        <button
          type="button"
          disabled={busy}
          className={`${primaryButton} ${small}`}
          onClick={() => move(order, "approved", `mark ${pet.name} ready to go home`, "pending")}
        >
          Mark<span className="sr-only"> {pet.name}</span> ready to go home
        </button>
      ) : (
        <button
          type="button"
          disabled={busy}
          className={`${primaryButton} ${small}`}
          onClick={() => setConfirming("delivered")}
        >
          Complete adoption<span className="sr-only"> of {pet.name}</span>
        </button>
      )}
      {mayManage && (
        <button
          type="button"
          disabled={busy}
          className={`${secondaryButton} ${small}`}
          onClick={() => setConfirming("cancelled")}
        >
          Cancel reservation<span className="sr-only"> of {pet.name}</span>
        </button>
      )}
      <ConfirmDialog
        open={confirming !== null}
        title={`${confirming === "delivered" ? "Complete" : "Cancel"} ${pet.name}'s adoption by ${order.adopter}?`}
        keepLabel={confirming === "delivered" ? "Not yet" : "Keep the adoption"}
        confirmLabel={confirming === "delivered" ? "Complete the adoption" : "Cancel the adoption"}
        onConfirm={() =>
          confirming === "delivered"
            ? move(order, "delivered", `complete ${pet.name}'s adoption`, "sold")
            : move(order, "cancelled", `cancel ${pet.name}'s reservation`, "available")
        }
        onClose={() => setConfirming(null)}
      >
        <p>
          {confirming === "delivered"
            ? `${pet.name} is marked sold and leaves the adopters' gallery.`
            : `${pet.name} becomes available again and the order is cancelled.`}{" "}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
