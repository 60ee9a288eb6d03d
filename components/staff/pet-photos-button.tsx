"use client";

import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import type { Pet } from "@/lib/pets/schemas";
import { primaryButton, secondaryButton } from "@/components/ui/styles";

// The manager (uploads, captions, order) loads when a dialog first opens, not with the list (docs/decisions/225).
const PhotoManager = lazy(() => import("./photo-manager").then((module) => ({ default: module.PhotoManager })));

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/** "Photos" on a pet's row: a modal <dialog> with the photo manager, loaded when opened. */
export function PetPhotosButton({ apiKey, pet }: { apiKey: string; pet: Pet }) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  function closed() {
    setOpen(false);
    opener.current?.focus();
  }

  return (
    <>
      <button ref={opener} type="button" className={`${secondaryButton} ${small}`} onClick={() => setOpen(true)}>
        Photos<span className="sr-only"> of {pet.name}</span>
      </button>
      {open ? (
        <dialog
          ref={dialog}
          aria-labelledby={titleId}
          onClose={closed}
          className="m-auto w-[min(40rem,calc(100vw-2rem))] rounded-2xl bg-white p-5 text-stone-900 backdrop:bg-stone-950/60 dark:bg-stone-900 dark:text-stone-100"
        >
          <div className="mb-4 flex items-center justify-between gap-4">
            <h2 id={titleId} className="text-xl font-semibold wrap-anywhere">
              Photos of {pet.name}
            </h2>
            <button type="button" className={`${primaryButton} ${small}`} onClick={() => dialog.current?.close()}>
              Done
            </button>
          </div>
          <Suspense fallback={<p role="status">Loading the photos…</p>}>
            <PhotoManager apiKey={apiKey} pet={pet} />
          </Suspense>
        </dialog>
      ) : null}
    </>
  );
}
