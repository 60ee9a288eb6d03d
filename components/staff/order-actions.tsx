"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { moveOrderWithKey } from "@/lib/api-client/orders-api";
import type { Order, OrderStatus } from "@/lib/orders/schemas";
import type { PetStatus } from "@/lib/pets/schemas";
import { refreshAfterOrderChange, showOrderStatus, showPetStatus } from "@/lib/react-query/order-queries";
import { primaryButton, secondaryButton } from "@/components/ui/styles";
import { orderFailureMessage } from "./order-messages";
import type { Notice } from "./pet-actions";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/**
 * An order's next steps in the orders view: approve a placed order, complete an approved one,
 * cancel either. Like the pets list's actions, each shows at once and rolls back with the reason
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
          onClick={() => move("approved", `approve ${label}`, "pending")}
        >
          Approve<span className="sr-only"> {label}</span>
        </button>
      ) : (
        <button
          type="button"
          disabled={busy}
          className={`${primaryButton} ${small}`}
          onClick={() => move("delivered", `complete ${label}`, "sold")}
        >
          Complete adoption<span className="sr-only"> for {label}</span>
        </button>
      )}
      <button
        type="button"
        disabled={busy}
        className={`${secondaryButton} ${small}`}
        onClick={() => move("cancelled", `cancel ${label}`, "available")}
      >
        Cancel<span className="sr-only"> {label}</span>
      </button>
    </div>
  );
}
