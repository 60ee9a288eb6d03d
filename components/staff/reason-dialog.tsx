"use client";

import { useId, useState, type FormEvent } from "react";
import { closeDialogOf, ModalDialog } from "@/components/staff/modal-dialog";
import { fieldError, fieldLabel, primaryButton, secondaryButton } from "@/components/ui/styles";

/**
 * Asks for a reason before a step that needs one (declining an application); focus starts in
 * the reason.
 */
export function ReasonDialog({
  open,
  title,
  label,
  maxLength,
  confirmLabel,
  keepLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  title: string;
  /** The reason box's label. */
  label: string;
  maxLength: number;
  confirmLabel: string;
  keepLabel: string;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();

  function opened() {
    setReason("");
    setProblem(null);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem("Write a reason first.");
      return;
    }
    closeDialogOf(event);
    onConfirm(reason.trim());
  }

  return (
    <ModalDialog open={open} title={title} onOpen={opened} onClose={onClose}>
      <form onSubmit={submit} noValidate>
        <label htmlFor={fieldId} className={`${fieldLabel} mt-4`}>
          {label}
        </label>
        <textarea
          id={fieldId}
          autoFocus
          rows={3}
          maxLength={maxLength}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${fieldId}-problem` : undefined}
          className="mt-1 block w-full rounded-lg border border-stone-400 bg-white p-3 text-base text-stone-900 aria-invalid:border-red-700 dark:border-stone-500 dark:bg-stone-900 dark:text-stone-100"
        />
        {problem ? (
          <p id={`${fieldId}-problem`} className={fieldError}>
            {problem}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className={secondaryButton} onClick={closeDialogOf}>
            {keepLabel}
          </button>
          <button type="submit" className={primaryButton}>
            {confirmLabel}
          </button>
        </div>
      </form>
    </ModalDialog>
  );
}
