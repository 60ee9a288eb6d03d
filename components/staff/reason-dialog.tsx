"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { fieldError, fieldLabel, primaryButton, secondaryButton } from "@/components/ui/styles";

/**
 * Asks for a reason before a step that needs one (declining an application). A modal
 * <dialog> like ConfirmDialog: the browser keeps focus inside and closes it on Escape; focus
 * starts in the reason and returns to what asked.
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
  const dialog = useRef<HTMLDialogElement>(null);
  const asker = useRef<Element | null>(null);
  const [reason, setReason] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const fieldId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      asker.current = document.activeElement;
      setReason("");
      setProblem(null);
      element.showModal();
    } else if (!open && element.open) element.close();
  }, [open]);

  function closed() {
    const back = asker.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!reason.trim()) {
      setProblem("Write a reason first.");
      return;
    }
    dialog.current?.close();
    onConfirm(reason.trim());
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={closed}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-stone-300 bg-white p-6 text-left text-stone-900 shadow-xl backdrop:bg-stone-950/60 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      {open ? (
        <form onSubmit={submit} noValidate>
          <h2 id={titleId} className="text-lg font-semibold wrap-break-word">
            {title}
          </h2>
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
            <button type="button" className={secondaryButton} onClick={() => dialog.current?.close()}>
              {keepLabel}
            </button>
            <button type="submit" className={primaryButton}>
              {confirmLabel}
            </button>
          </div>
        </form>
      ) : null}
    </dialog>
  );
}
