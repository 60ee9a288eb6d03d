"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { moveApplicationWithKey } from "@/lib/api-client/applications-api";
import type { Application } from "@/lib/applications/application-view";
import { DECLINE_REASON_MAX } from "@/lib/applications/schemas";
import { APPLICATION_TRANSITIONS, type ApplicationState } from "@/lib/applications/states";
import { refreshAfterApplicationChange } from "@/lib/react-query/application-queries";
import { primaryButton, secondaryButton } from "@/components/ui/styles";
import { ConfirmDialog } from "./confirm-dialog";
import type { Notice } from "./notice";
import { ReasonDialog } from "./reason-dialog";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/**
 * An application's next steps, as its state allows (APPLICATION_TRANSITIONS): start the
 * review, approve (places the order: the animal becomes pending), decline (with a reason),
 * withdraw on the adopter's behalf (cancels the order it made). Each waits for the API's
 * answer: approving can lose to another approval of the same animal.
 */
export function ApplicationActions({
  apiKey,
  application,
  petName,
  backup,
  onNotice,
}: {
  apiKey: string;
  application: Application;
  petName: string;
  /** Another application holds the animal: this one cannot be approved until that one falls through. */
  backup: boolean;
  onNotice: (notice: Notice) => void;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const [asking, setAsking] = useState<"declined" | "withdrawn" | null>(null);
  const { reference, state } = application;
  const allowed = APPLICATION_TRANSITIONS[state];

  async function move(to: ApplicationState, done: string, reason?: string) {
    setBusy(true);
    try {
      await moveApplicationWithKey(apiKey, application.id, to, reason);
      onNotice({ kind: "done", text: done });
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      onNotice({ kind: "failed", text: `${reference} was not changed. ${why}` });
    } finally {
      setBusy(false);
      void refreshAfterApplicationChange(queryClient);
    }
  }

  if (allowed.length === 0) return null;
  return (
    <div className="flex flex-wrap gap-2">
      {allowed.includes("in_review") ? (
        <button
          type="button"
          disabled={busy}
          className={`${secondaryButton} ${small}`}
          onClick={() => move("in_review", `${reference} is in review.`)}
        >
          Start review<span className="sr-only"> of {reference}</span>
        </button>
      ) : null}
      {allowed.includes("approved") && !backup ? (
        <button
          type="button"
          disabled={busy}
          className={`${primaryButton} ${small}`}
          onClick={() => move("approved", `${reference} is approved: an order holds ${petName}, who is now pending.`)}
        >
          Approve<span className="sr-only"> {reference}</span>
        </button>
      ) : null}
      <button
        type="button"
        disabled={busy}
        className={`${secondaryButton} ${small}`}
        onClick={() => setAsking("declined")}
      >
        Decline<span className="sr-only"> {reference}</span>
      </button>
      <button
        type="button"
        disabled={busy}
        className={`${secondaryButton} ${small}`}
        onClick={() => setAsking("withdrawn")}
      >
        Withdraw<span className="sr-only"> {reference}</span>
      </button>
      <ReasonDialog
        open={asking === "declined"}
        title={`Decline ${reference} for ${petName}?`}
        label="Why is it declined? (staff only)"
        maxLength={DECLINE_REASON_MAX}
        keepLabel="Keep it"
        confirmLabel="Decline"
        onConfirm={(reason) =>
          void move(
            "declined",
            state === "approved"
              ? `${reference} is declined; its order is cancelled and ${petName} is available again.`
              : `${reference} is declined.`,
            reason,
          )
        }
        onClose={() => setAsking(null)}
      />
      <ConfirmDialog
        open={asking === "withdrawn"}
        title={`Withdraw ${reference} on the adopter's behalf?`}
        keepLabel="Keep it"
        confirmLabel="Withdraw"
        onConfirm={() =>
          void move(
            "withdrawn",
            state === "approved"
              ? `${reference} is withdrawn; its order is cancelled and ${petName} is available again.`
              : `${reference} is withdrawn.`,
          )
        }
        onClose={() => setAsking(null)}
      >
        <p>
          {state === "approved"
            ? `The order it placed is cancelled and ${petName} becomes available again. `
            : "The adopter is no longer considered for the animal. "}
          This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
