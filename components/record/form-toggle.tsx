"use client";

import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { secondaryButton } from "@/components/ui/styles";

export const smallButton = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/**
 * A button that opens one of the record's forms in place. The form gets `close`; closing it
 * (done, Back or Escape) puts focus back on the button, so a keyboard user stays where they were.
 */
export function FormToggle({ label, children }: { label: ReactNode; children: (close: () => void) => ReactNode }) {
  const [open, setOpen] = useState(false);
  // Counts closings: each one, once the button is back in the page, focuses it.
  const [closings, setClosings] = useState(0);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (closings > 0) button.current?.focus();
  }, [closings]);
  const close = () => {
    setOpen(false);
    setClosings((count) => count + 1);
  };

  function closeOnEscape(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    close();
  }
  if (!open) {
    return (
      <button
        ref={button}
        type="button"
        aria-expanded="false"
        className={`${secondaryButton} ${smallButton}`}
        onClick={() => setOpen(true)}
      >
        {label}
      </button>
    );
  }
  return (
    <div onKeyDown={closeOnEscape} className="w-full">
      {children(close)}
    </div>
  );
}
