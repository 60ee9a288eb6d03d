"use client";

import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { editPetWithKey } from "@/lib/api-client/pet-corrections-api";
import { ApiError } from "@/lib/api/api-error";
import { profilePatchFrom } from "@/lib/pets/profile-patch";
import { GOOD_WITH_WORDS, SEX_WORDS, SIZE_WORDS } from "@/lib/pets/profile-words";
import {
  BREED_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  GOOD_WITH,
  NAME_MAX_LENGTH,
  PetPatch,
  type Pet,
} from "@/lib/pets/schemas";
import { petKeys } from "@/lib/react-query/query-keys";
import { fieldLabel, primaryButton, secondaryButton, textInput } from "@/components/ui/styles";
import type { Notice } from "./pet-actions";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/**
 * "Edit" a pet's name, category and profile (issue 24): a modal dialog with the pet's
 * current values; saving sends a merge patch of what changed only (lib/pets/profile-patch.ts),
 * checked first with the API's own PetPatch schema. The status is not here: orders and
 * "Correct status" own it.
 */
export function EditPet({ apiKey, pet, onNotice }: { apiKey: string; pet: Pet; onNotice: (n: Notice) => void }) {
  const queryClient = useQueryClient();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  function close() {
    dialog.current?.close();
    setOpen(false);
    setProblem(null);
    opener.current?.focus();
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value)]),
    );
    const raw = profilePatchFrom(pet, values);
    if (Object.keys(raw).length === 0) return close();
    const parsed = PetPatch.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(`${fieldName(String(issue?.path[0] ?? ""))} ${issue?.message ?? "is not valid"}.`);
      return;
    }
    setBusy(true);
    try {
      const saved = await editPetWithKey(apiKey, pet.id, parsed.data);
      onNotice({ kind: "done", text: `Done: ${saved.name} is saved.` });
      close();
    } catch (error) {
      setProblem(
        `Could not save ${pet.name}: ${error instanceof ApiError || error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: petKeys.all });
    }
  }

  const field = (name: string) => `${id}-${name}`;
  const select = (
    name: string,
    label: string,
    words: Record<string, string>,
    value: string | undefined,
    none: string,
  ) => (
    <div>
      <label htmlFor={field(name)} className={fieldLabel}>
        {label}
      </label>
      <select id={field(name)} name={name} defaultValue={value ?? ""} className={`${textInput} mt-1`}>
        <option value="">{none}</option>
        {Object.entries(words).map(([key, word]) => (
          <option key={key} value={key}>
            {word}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <>
      <button ref={opener} type="button" className={`${secondaryButton} ${small}`} onClick={() => setOpen(true)}>
        Edit<span className="sr-only"> {pet.name}</span>
      </button>
      {open ? (
        <dialog
          ref={dialog}
          aria-labelledby={field("title")}
          onClose={() => setOpen(false)}
          className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-stone-900 backdrop:bg-stone-950/60 dark:bg-stone-900 dark:text-stone-100"
        >
          <form onSubmit={save} className="flex max-h-[85vh] flex-col gap-3 overflow-y-auto p-5 sm:p-6">
            <h2 id={field("title")} className="text-xl font-semibold wrap-anywhere">
              Edit {pet.name}
            </h2>
            <div>
              <label htmlFor={field("name")} className={fieldLabel}>
                Name
              </label>
              <input
                id={field("name")}
                name="name"
                defaultValue={pet.name}
                required
                maxLength={NAME_MAX_LENGTH * 2}
                className={`${textInput} mt-1`}
              />
            </div>
            <div>
              <label htmlFor={field("categoryId")} className={fieldLabel}>
                Category number
              </label>
              <input
                id={field("categoryId")}
                name="categoryId"
                inputMode="numeric"
                defaultValue={pet.categoryId}
                required
                className={`${textInput} mt-1`}
              />
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              {select("sex", "Sex", SEX_WORDS, pet.sex === "unknown" ? undefined : pet.sex, "Not known")}
              {select("size", "Size", SIZE_WORDS, pet.size, "Not known")}
            </div>
            <div>
              <label htmlFor={field("birthDate")} className={fieldLabel}>
                Birth date
              </label>
              <input
                id={field("birthDate")}
                name="birthDate"
                type="date"
                min="1900-01-01"
                defaultValue={pet.birthDate ?? ""}
                className={`${textInput} mt-1`}
              />
              <label className="mt-2 inline-flex items-center gap-2">
                <input
                  type="checkbox"
                  name="birthDateIsEstimate"
                  defaultChecked={pet.birthDateIsEstimate ?? false}
                  className="size-5 accent-teal-700"
                />
                The birth date is an estimate
              </label>
            </div>
            <div>
              <label htmlFor={field("breed")} className={fieldLabel}>
                Breed or mix
              </label>
              <input
                id={field("breed")}
                name="breed"
                defaultValue={pet.breed ?? ""}
                maxLength={BREED_MAX_LENGTH * 2}
                className={`${textInput} mt-1`}
              />
            </div>
            <div>
              <label htmlFor={field("description")} className={fieldLabel}>
                Description
              </label>
              <textarea
                id={field("description")}
                name="description"
                rows={4}
                defaultValue={pet.description ?? ""}
                maxLength={DESCRIPTION_MAX_LENGTH * 2}
                className={`${textInput} mt-1 h-auto py-2`}
              />
            </div>
            <fieldset className="grid gap-3 sm:grid-cols-3">
              <legend className={`${fieldLabel} mb-1`}>Good with</legend>
              {GOOD_WITH.map((target) =>
                select(
                  `goodWith.${target}`,
                  GOOD_WITH_WORDS[target],
                  { yes: "Yes", no: "No" },
                  pet.goodWith?.[target] === "unknown" ? undefined : pet.goodWith?.[target],
                  "Not known",
                ),
              )}
            </fieldset>
            {problem ? (
              <p role="alert" className="text-sm font-semibold text-red-800 dark:text-red-300">
                {problem}
              </p>
            ) : null}
            <div className="flex flex-wrap gap-2">
              <button type="submit" disabled={busy} className={primaryButton}>
                {busy ? "Saving…" : "Save changes"}
              </button>
              <button type="button" className={secondaryButton} onClick={close}>
                Cancel
              </button>
            </div>
          </form>
        </dialog>
      ) : null}
    </>
  );
}

const FIELD_NAMES: Record<string, string> = {
  name: "The name",
  categoryId: "The category number",
  birthDate: "The birth date",
  breed: "The breed",
  description: "The description",
};
const fieldName = (field: string) => FIELD_NAMES[field] ?? "A field";
