"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { moveOrderWithKey } from "@/lib/api-client/orders-api";
import type { Order, OrderStatus } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";
import { refreshAfterOrderChange, showOrderStatus, showPetStatus } from "@/lib/react-query/order-queries";
import { primaryButton, secondaryButton } from "@/components/ui/styles";
import { ConfirmDialog } from "./confirm-dialog";
import { orderFailureMessage } from "./order-messages";
import type { Notice } from "./notice";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/**
 * An order's next steps in the orders view: mark a reserved order ready to go home (the
 * shelter's checks are done: docs/decisions/217), complete the adoption, or cancel it. Like the pets list's actions, each shows at once and rolls back with the reason
 * if the API refuses (docs/decisions/085-optimistic-order-actions.md).
 */
export function OrderActions({
  apiKey,
  order,
  onNotice,
}: {
  apiKey: string;
  order: Order;
  onNotice: (n: Notice) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  // Cancelling and completing cannot be undone: they wait for a yes in a dialog.
  const [confirming, setConfirming] = useState<"cancelled" | "delivered" | null>(null);
  const label = `order #${order.id}`;

  async function move(to: OrderStatus, what: string, petStatus: PetStatus) {
    setBusy(true);
    const undoOrder = await showOrderStatus(queryClient, order.id, to);
    const undoPet = await showPetStatus(queryClient, order.petId, petStatus);
    try {
      await moveOrderWithKey(apiKey, order.id, to);
      onNotice({ kind: "done", text: `Done: ${what}.` });
    } catch (error) {
      undoOrder();
      undoPet();
      onNotice({ kind: "failed", text: orderFailureMessage(error, what) });
    } finally {
      setBusy(false);
      void refreshAfterOrderChange(queryClient);
    }
  }

  if (order.status !== "placed" && order.status !== "approved") {
    return <span className="text-sm text-stone-700 dark:text-stone-300">—</span>;
  }
  return (
    <div className="flex flex-wrap gap-2">
      {order.status === "placed" ? (
        <button
          type="button"
          disabled={busy}
          className={`${primaryButton} ${small}`}
          onClick={() => move("approved", `mark ${label} ready to go home`, "pending")}
        >
          Mark<span className="sr-only"> {label}</span> ready to go home
        </button>
      ) : (
        <button
          type="button"
          disabled={busy}
          className={`${primaryButton} ${small}`}
          onClick={() => setConfirming("delivered")}
        >
          Complete adoption<span className="sr-only"> for {label}</span>
        </button>
      )}
      <button
        type="button"
        disabled={busy}
        className={`${secondaryButton} ${small}`}
        onClick={() => setConfirming("cancelled")}
      >
        {/* Not plain "Cancel": it ends the adoption. */}
        Cancel adoption<span className="sr-only"> in {label}</span>
      </button>
      <ConfirmDialog
        open={confirming !== null}
        title={`${confirming === "delivered" ? "Complete" : "Cancel"} the adoption in ${label} by ${order.adopter}?`}
        keepLabel={confirming === "delivered" ? "Not yet" : "Keep the adoption"}
        confirmLabel={confirming === "delivered" ? "Complete the adoption" : "Cancel the adoption"}
        onConfirm={() =>
          void (confirming === "delivered"
            ? move("delivered", `complete ${label}`, "sold")
            : move("cancelled", `cancel ${label}`, "available"))
        }
        onClose={() => setConfirming(null)}
      >
        <p>
          {confirming === "delivered"
            ? `The animal (pet #${order.petId}) is marked sold and leaves the adopters' gallery.`
            : `The animal (pet #${order.petId}) becomes available again and the order is cancelled.`}{" "}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
