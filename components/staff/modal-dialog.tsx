"use client";

import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from "react";

/**
 * A modal <dialog> with a title, shared by the console's questions: the browser keeps focus
 * inside and closes it on Escape; focus returns to what asked. Its content is rendered only
 * while open, so every opening starts fresh; `onOpen` runs once it shows (to place focus).
 */
export function ModalDialog({
  open,
  title,
  onOpen,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  onOpen?: () => void;
  /** Called whenever the dialog closes: answered, kept or escaped. */
  onClose: () => void;
  /** Its buttons close it with closeDialogOf. */
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const asker = useRef<Element | null>(null);
  const opened = useEffectEvent(() => onOpen?.());
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      asker.current = document.activeElement;
      element.showModal();
      opened();
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
          {children}
        </>
      ) : null}
    </dialog>
  );
}

/** Closes the dialog that holds the element an event came from (a button or a form). */
export function closeDialogOf(event: { currentTarget: Element }) {
  event.currentTarget.closest("dialog")?.close();
}
