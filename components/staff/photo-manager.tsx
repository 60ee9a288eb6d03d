"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import {
  deletePhotoWithKey,
  listPhotosWithKey,
  reorderPhotosWithKey,
  updatePhotoWithKey,
  uploadPhotoWithKey,
} from "@/lib/api-client/photos-api";
import { ApiError } from "@/lib/api/api-error";
import { ALT_MAX_LENGTH, type Pet, type PetPhoto } from "@/lib/pets/schemas";
import { petKeys } from "@/lib/react-query/query-keys";
import { secondaryButton, textInput } from "@/components/ui/styles";
import { PhotoUpload } from "./photo-upload";
import { oversizedWords, photoRefusalWords } from "./photo-refusal-words";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/**
 * One animal's photos in the staff console: upload, alt text, move earlier or later, make
 * primary (first), delete. Every change is the API's answer shown as is; what happened is
 * announced in one live region.
 */
export function PhotoManager({ apiKey, pet }: { apiKey: string; pet: Pet }) {
  const queryClient = useQueryClient();
  const key = petKeys.staffPhotos(pet.id);
  const photos = useQuery({ queryKey: key, queryFn: () => listPhotosWithKey(apiKey, pet.id) });
  const [progress, setProgress] = useState<{ name: string; fraction: number } | null>(null);
  const [message, setMessage] = useState("");
  const [busy, setBusy] = useState(false);

  const show = (list: PetPhoto[]) => queryClient.setQueryData(key, list);
  const failed = (what: string, error: unknown) =>
    setMessage(`Could not ${what}: ${error instanceof ApiError ? error.message : "the server could not be reached."}`);

  async function upload(files: File[], refused: string[]) {
    const notes = refused.map(oversizedWords);
    for (const file of files) {
      setProgress({ name: file.name, fraction: 0 });
      try {
        const photo = await uploadPhotoWithKey(apiKey, pet.id, file, (fraction) =>
          setProgress({ name: file.name, fraction }),
        );
        show([...(queryClient.getQueryData<PetPhoto[]>(key) ?? []), photo]);
        notes.push(`Added ${file.name}.`);
      } catch (error) {
        notes.push(photoRefusalWords(file.name, error));
      }
    }
    setProgress(null);
    setMessage(notes.join(" "));
    void queryClient.invalidateQueries({ queryKey: petKeys.staffLists() });
  }

  async function change(what: string, call: () => Promise<PetPhoto[] | void>) {
    setBusy(true);
    try {
      const list = await call();
      if (list) show(list);
      else await photos.refetch();
      setMessage(`Done: ${what}.`);
    } catch (error) {
      failed(what, error);
    } finally {
      setBusy(false);
    }
  }

  const list = photos.data ?? [];
  const move = (index: number, by: number) => {
    const order = list.map((photo) => photo.id);
    [order[index], order[index + by]] = [order[index + by]!, order[index]!];
    return change(`move photo ${index + 1} ${by < 0 ? "earlier" : "later"}`, () =>
      reorderPhotosWithKey(apiKey, pet.id, order),
    );
  };

  function saveAlt(event: FormEvent<HTMLFormElement>, photo: PetPhoto) {
    event.preventDefault();
    const alt = String(new FormData(event.currentTarget).get("alt") ?? "");
    void change("save the description", async () => {
      await updatePhotoWithKey(apiKey, pet.id, photo.id, { alt });
      return listPhotosWithKey(apiKey, pet.id);
    });
  }

  return (
    <div className="flex flex-col gap-4">
      <PhotoUpload petName={pet.name} onFiles={(files, refused) => void upload(files, refused)} progress={progress} />
      <p role="status" className="text-sm">
        {message}
      </p>
      {photos.isPending ? <p>Loading photos…</p> : null}
      {photos.isSuccess && list.length === 0 ? <p>{pet.name} has no photos yet.</p> : null}
      <ol aria-label={`Photos of ${pet.name}`} className="flex flex-col gap-4">
        {list.map((photo, index) => (
          <li
            key={photo.id}
            className="flex flex-col gap-2 border-t border-stone-200 pt-3 sm:flex-row dark:border-stone-800"
          >
            {/* eslint-disable-next-line @next/next/no-img-element -- an already-sized stored copy; next/image would resize it again */}
            <img
              src={photo.small}
              alt=""
              width={photo.width}
              height={photo.height}
              className="h-24 w-32 shrink-0 rounded-lg bg-stone-100 object-contain"
            />
            <div className="flex min-w-0 flex-1 flex-col gap-2">
              <p className="text-sm font-semibold">
                Photo {index + 1} of {list.length}
                {index === 0 ? " (primary)" : ""}
              </p>
              <form onSubmit={(event) => saveAlt(event, photo)} className="flex gap-2">
                <label className="sr-only" htmlFor={`alt-${photo.id}`}>
                  Description of photo {index + 1}
                </label>
                <input
                  id={`alt-${photo.id}`}
                  name="alt"
                  defaultValue={photo.alt}
                  maxLength={ALT_MAX_LENGTH}
                  placeholder="What the photo shows"
                  className={`${textInput} h-9 text-sm`}
                />
                <button type="submit" disabled={busy} className={`${secondaryButton} ${small}`}>
                  Save<span className="sr-only"> the description of photo {index + 1}</span>
                </button>
              </form>
              <div className="flex flex-wrap gap-2">
                {index > 0 ? (
                  <button
                    type="button"
                    disabled={busy}
                    className={`${secondaryButton} ${small}`}
                    onClick={() =>
                      void change(`make photo ${index + 1} the primary photo`, async () => {
                        await updatePhotoWithKey(apiKey, pet.id, photo.id, { primary: true });
                        return listPhotosWithKey(apiKey, pet.id);
                      })
                    }
                  >
                    Make primary<span className="sr-only"> (photo {index + 1})</span>
                  </button>
                ) : null}
                {index > 0 ? (
                  <button
                    type="button"
                    disabled={busy}
                    className={`${secondaryButton} ${small}`}
                    onClick={() => void move(index, -1)}
                  >
                    Move earlier<span className="sr-only"> (photo {index + 1})</span>
                  </button>
                ) : null}
                {index < list.length - 1 ? (
                  <button
                    type="button"
                    disabled={busy}
                    className={`${secondaryButton} ${small}`}
                    onClick={() => void move(index, 1)}
                  >
                    Move later<span className="sr-only"> (photo {index + 1})</span>
                  </button>
                ) : null}
                <button
                  type="button"
                  disabled={busy}
                  className={`${secondaryButton} ${small}`}
                  onClick={() =>
                    void change(`delete photo ${index + 1}`, () => deletePhotoWithKey(apiKey, pet.id, photo.id))
                  }
                >
                  Delete<span className="sr-only"> photo {index + 1}</span>
                </button>
              </div>
            </div>
          </li>
        ))}
      </ol>
    </div>
  );
}
