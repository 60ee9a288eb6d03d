"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import { secondaryButton } from "@/components/ui/styles";

const dangerButton =
  "inline-flex h-11 items-center justify-center rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800 dark:bg-red-300 dark:text-stone-950 dark:hover:bg-red-200";

/**
 * Asks before a step that cannot be undone. A modal <dialog>: the browser keeps focus inside
 * and closes it on Escape; focus starts on the safe answer and returns to what asked.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  keepLabel,
  onConfirm,
  onClose,
}: {
  open: boolean;
  /** The question, naming what will happen: "Cancel Bailey's adoption by Jo Smith?" */
  title: string;
  children: ReactNode;
  confirmLabel: string;
  keepLabel: string;
  onConfirm: () => void;
  /** Called whenever the dialog closes: answered, kept or escaped. */
  onClose: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const keep = useRef<HTMLButtonElement>(null);
  const asker = useRef<Element | null>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      asker.current = document.activeElement;
      element.showModal();
      keep.current?.focus();
    } else if (!open && element.open) element.close();
  }, [open]);

  // Focus back to what asked first, so onClose may send it somewhere better.
  function closed() {
    const back = asker.current;
    if (back instanceof HTMLElement && back.isConnected) back.focus();
    onClose();
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      onClose={closed}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-stone-300 bg-white p-6 text-left text-stone-900 shadow-xl backdrop:bg-stone-950/60 dark:border-stone-700 dark:bg-stone-900 dark:text-stone-100"
    >
      {open ? (
        <>
          <h2 id={titleId} className="text-lg font-semibold wrap-break-word">
            {title}
          </h2>
          <div className="mt-2 text-stone-700 dark:text-stone-300">{children}</div>
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <button ref={keep} type="button" className={secondaryButton} onClick={() => dialog.current?.close()}>
              {keepLabel}
            </button>
            <button
              type="button"
              className={dangerButton}
              onClick={() => {
                dialog.current?.close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
