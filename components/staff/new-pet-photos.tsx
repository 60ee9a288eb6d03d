"use client";

import { uploadPhotoWithKey } from "@/lib/api-client/photos-api";
import { MAX_PHOTO_BYTES } from "@/lib/photos/photo-limits";
import { fieldLabel } from "@/components/ui/styles";
import { oversizedWords, photoRefusalWords } from "./photo-refusal-words";

const ID = "new-pet-photos";

/**
 * The add form's photos (issue 40, item 4): a plain file input, sent once the pet exists, the
 * first one chosen becoming the primary. Alt text and order are set later in "Photos".
 */
export function NewPetPhotosField({ progress }: { progress: string | null }) {
  return (
    <div>
      <label htmlFor={ID} className={fieldLabel}>
        Photos (optional)
      </label>
      <input
        id={ID}
        name="photos"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        aria-describedby={`${ID}-hint`}
        className="mt-1 block w-full text-sm file:mr-3 file:rounded-full file:border-0 file:bg-teal-700 file:px-4 file:py-2 file:font-semibold file:text-white dark:file:bg-teal-300 dark:file:text-stone-950"
      />
      <p id={`${ID}-hint`} className="mt-1 text-sm text-stone-700 dark:text-stone-300">
        JPEG, PNG or WebP, up to {MAX_PHOTO_BYTES / 1024 / 1024} MB each. The first one is shown first.
      </p>
      {progress ? (
        <p role="status" className="mt-1 text-sm wrap-anywhere">
          Sending {progress}…
        </p>
      ) : null}
    </div>
  );
}

/** The files chosen in the form's photo field, read before the form is reset. */
export function photosOf(form: HTMLFormElement): File[] {
  const input = form.elements.namedItem("photos");
  return input instanceof HTMLInputElement && input.files ? [...input.files] : [];
}

/**
 * Uploads the new pet's photos one by one, in the order chosen. Returns what the
 * confirmation adds: " with 2 photos" and a sentence per photo refused, in plain words.
 */
export async function uploadNewPetPhotos(
  apiKey: string,
  petId: number,
  files: File[],
  onSending: (name: string) => void,
): Promise<{ added: string; refused: string }> {
  let added = 0;
  const refused: string[] = [];
  for (const file of files) {
    if (file.size > MAX_PHOTO_BYTES) {
      refused.push(oversizedWords(file.name));
      continue;
    }
    onSending(file.name);
    try {
      await uploadPhotoWithKey(apiKey, petId, file, () => {});
      added++;
    } catch (error) {
      refused.push(photoRefusalWords(file.name, error));
    }
  }
  const count = added === 0 ? "" : ` with ${added} photo${added === 1 ? "" : "s"}`;
  const refusedText = refused.length === 0 ? "" : ` ${refused.join(" ")} Add it later with “Photos” in its row.`;
  return { added: count, refused: refusedText };
}
