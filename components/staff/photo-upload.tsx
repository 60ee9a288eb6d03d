"use client";

import { useId, useState, type DragEvent } from "react";
import { MAX_PHOTO_BYTES } from "@/lib/photos/photo-limits";
import { fieldLabel } from "@/components/ui/styles";

const ACCEPT = "image/jpeg,image/png,image/webp";

/**
 * Where staff give photos: a drop zone around a plain file input (which works alone, by
 * keyboard and on phones), and a progress bar per upload. Files over the limit are refused
 * here, before a byte is sent; the server decides the rest.
 */
export function PhotoUpload({
  petName,
  onFiles,
  progress,
}: {
  petName: string;
  onFiles: (files: File[], refused: string[]) => void;
  /** The upload under way: its file name and how much is sent (0..1). */
  progress: { name: string; fraction: number } | null;
}) {
  const inputId = useId();
  const [over, setOver] = useState(false);

  function take(list: FileList | null) {
    const files = [...(list ?? [])];
    const fitting = files.filter((file) => file.size <= MAX_PHOTO_BYTES);
    const refused = files.filter((file) => file.size > MAX_PHOTO_BYTES).map((file) => file.name);
    onFiles(fitting, refused);
  }

  function drop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    take(event.dataTransfer.files);
  }

  return (
    <div
      onDragOver={(event) => {
        event.preventDefault();
        setOver(true);
      }}
      onDragLeave={() => setOver(false)}
      onDrop={drop}
      data-photo-drop
      className={`rounded-xl border-2 border-dashed p-4 ${over ? "border-teal-700 bg-teal-50 dark:border-teal-300 dark:bg-teal-950" : "border-stone-300 dark:border-stone-700"}`}
    >
      <label htmlFor={inputId} className={fieldLabel}>
        Add photos of {petName}
      </label>
      <p className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        Drop JPEG, PNG or WebP files here, or choose them (up to 15 MB each).
      </p>
      <input
        id={inputId}
        type="file"
        accept={ACCEPT}
        multiple
        disabled={progress !== null}
        onChange={(event) => {
          take(event.currentTarget.files);
          event.currentTarget.value = "";
        }}
        className="mt-2 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-teal-700 file:px-4 file:py-2 file:font-semibold file:text-white dark:file:bg-teal-300 dark:file:text-stone-950"
      />
      {progress ? (
        <div className="mt-3">
          <label className="block text-sm wrap-anywhere">
            {progress.fraction < 1 ? `Sending ${progress.name}` : `Processing ${progress.name}`}
            <progress
              className="mt-1 block w-full"
              max={1}
              value={progress.fraction < 1 ? progress.fraction : undefined}
            />
          </label>
        </div>
      ) : null}
    </div>
  );
}
