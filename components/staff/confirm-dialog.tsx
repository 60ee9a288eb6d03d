"use client";

import { useRef, type ReactNode } from "react";
import { closeDialogOf, ModalDialog } from "@/components/staff/modal-dialog";
import { secondaryButton } from "@/components/ui/styles";

const dangerButton =
  "inline-flex h-11 items-center justify-center rounded-full bg-red-700 px-5 font-semibold text-white hover:bg-red-800 dark:bg-red-300 dark:text-stone-950 dark:hover:bg-red-200";

/** Asks before a step that cannot be undone; focus starts on the safe answer. */
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
  const keep = useRef<HTMLButtonElement>(null);

  return (
    <ModalDialog open={open} title={title} onOpen={() => keep.current?.focus()} onClose={onClose}>
      <div className="mt-2 text-stone-700 dark:text-stone-300">{children}</div>
      <div className="mt-6 flex flex-wrap justify-end gap-3">
        <button ref={keep} type="button" className={secondaryButton} onClick={closeDialogOf}>
          {keepLabel}
        </button>
        <button
          type="button"
          className={dangerButton}
          onClick={(event) => {
            closeDialogOf(event);
            onConfirm();
          }}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
