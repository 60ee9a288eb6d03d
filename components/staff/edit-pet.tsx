"use client";

import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { currentPetWithKey, editPetWithKey } from "@/lib/api-client/pet-corrections-api";
import { isServerUnreachable } from "@/lib/api-client/server-unreachable";
import { ApiError } from "@/lib/api/api-error";
import { profilePatchFrom } from "@/lib/pets/profile-patch";
import { GOOD_WITH_WORDS, SEX_WORDS, SIZE_WORDS } from "@/lib/pets/profile-words";
import { petVersion } from "@/lib/pets/pet-version";
import {
  BREED_MAX_LENGTH,
  DESCRIPTION_MAX_LENGTH,
  GOOD_WITH,
  NAME_MAX_LENGTH,
  PetPatch,
  type Pet,
} from "@/lib/pets/schemas";
import { categoriesOptions } from "@/lib/react-query/category-queries";
import { petKeys } from "@/lib/react-query/query-keys";
import { fieldLabel, primaryButton, secondaryButton, textInput } from "@/components/ui/styles";
import { FormField } from "@/components/ui/form-field";
import { resolveCategory } from "./category-choice";
import { CategoryInput, categoryHint, categoryText } from "./category-input";
import { differencesAfterConflict, type FieldDifference } from "./edit-conflict";
import type { Notice } from "./notice";

const small = "h-auto min-h-9 px-3 py-1 text-sm whitespace-normal";

/** Someone saved the pet after this dialog opened: their version, and the patch not yet saved. */
type Conflict = { saved: Pet; patch: PetPatch; differences: FieldDifference[] };

/**
 * "Edit" a pet's name, category and profile (issue 24): a modal dialog with the pet's
 * current values; saving sends a merge patch of what changed only (lib/pets/profile-patch.ts),
 * checked first with the API's own PetPatch schema. The status is not here: orders and
 * "Correct status" own it.
 *
 * The save is made over the version the dialog opened (If-Match, docs/decisions/213): if
 * someone saved the pet meanwhile, the dialog shows what differs, field by field, and lets
 * the person keep theirs (saved over the new version) or take the saved one. The category is
 * chosen by name as in the add form (issue 40, item 12); Save stays in view below the
 * scrolling fields (item 14); an unreachable server keeps what was typed (item 10).
 */
export function EditPet({ apiKey, pet, onNotice }: { apiKey: string; pet: Pet; onNotice: (n: Notice) => void }) {
  const queryClient = useQueryClient();
  const categories = useQuery(categoriesOptions(apiKey)).data ?? [];
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // The version the person is editing: the pet as the dialog opened, or as saved meanwhile
  // once they chose to keep theirs over it.
  const [base, setBase] = useState(pet);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (open && element && !element.open) element.showModal();
  }, [open]);

  function start() {
    setBase(pet);
    setOpen(true);
  }

  function close() {
    dialog.current?.close();
    setOpen(false);
    setProblem(null);
    setConflict(null);
    opener.current?.focus();
  }

  const categoryName = (categoryId: number) => {
    const name = categoryText(categoryId, categories);
    return name === String(categoryId) ? `Category ${categoryId}` : name;
  };

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const values = Object.fromEntries(
      [...new FormData(event.currentTarget)].map(([name, value]) => [name, String(value)]),
    );
    const category = resolveCategory(values.categoryId ?? "", categories);
    if (category.kind === "refused") return setProblem(category.message);
    values.categoryId = category.kind === "chosen" ? String(category.id) : "";
    const raw = profilePatchFrom(base, values);
    if (Object.keys(raw).length === 0) return close();
    const parsed = PetPatch.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      setProblem(`${fieldName(String(issue?.path[0] ?? ""))} ${issue?.message ?? "is not valid"}.`);
      return;
    }
    await send(parsed.data, base);
  }

  /** Saves `patch` over `over`; a change saved meanwhile becomes a Conflict to decide. */
  async function send(patch: PetPatch, over: Pet, retried = false): Promise<void> {
    setBusy(true);
    setProblem(null);
    try {
      const saved = await editPetWithKey(apiKey, pet.id, patch, petVersion(over));
      onNotice({ kind: "done", text: `Done: ${saved.name} is saved.` });
      close();
    } catch (error) {
      if (error instanceof ApiError && error.status === 412) {
        const now = await currentPetWithKey(apiKey, pet.id).catch(() => undefined);
        if (!now) return setProblem(`Could not save ${over.name}: it changed meanwhile and could not be read again.`);
        const differences = differencesAfterConflict(over, patch, now, categoryName);
        // Changed where this dialog shows nothing (its status, an order): nothing to choose.
        if (differences.length === 0 && !retried) return send(patch, now, true);
        setBase(now);
        setConflict({ saved: now, patch, differences });
        return;
      }
      setProblem(
        isServerUnreachable(error)
          ? `The server cannot be reached, so ${over.name} was not saved. Nothing was changed; your changes are kept here: press “Save changes” again once it is back.`
          : `Could not save ${over.name}: ${error instanceof ApiError || error instanceof Error ? error.message : String(error)}`,
      );
    } finally {
      setBusy(false);
      void queryClient.invalidateQueries({ queryKey: petKeys.all });
    }
  }

  function takeSaved(saved: Pet) {
    onNotice({ kind: "done", text: `Kept ${saved.name} as saved meanwhile; your changes were not saved.` });
    close();
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
      <button ref={opener} type="button" className={`${secondaryButton} ${small}`} onClick={start}>
        Edit<span className="sr-only"> {pet.name}</span>
      </button>
      {open ? (
        <dialog
          ref={dialog}
          aria-labelledby={field("title")}
          onClose={() => setOpen(false)}
          className="m-auto w-[min(36rem,calc(100vw-2rem))] rounded-2xl bg-white p-0 text-stone-900 backdrop:bg-stone-950/60 dark:bg-stone-900 dark:text-stone-100"
        >
          {/* Only the fields scroll: the heading and Save stay in view at any height (issue 40, item 14). */}
          <form onSubmit={save} className="flex max-h-[85vh] flex-col">
            <h2
              id={field("title")}
              className="shrink-0 px-5 pt-5 pb-3 text-xl font-semibold wrap-anywhere sm:px-6 sm:pt-6"
            >
              Edit {pet.name}
            </h2>
            <div className="flex min-h-0 flex-1 flex-col gap-3 overflow-y-auto px-5 pb-3 sm:px-6">
              <div>
                <label htmlFor={field("name")} className={fieldLabel}>
                  Name
                </label>
                <input
                  id={field("name")}
                  name="name"
                  defaultValue={base.name}
                  required
                  maxLength={NAME_MAX_LENGTH * 2}
                  className={`${textInput} mt-1`}
                />
              </div>
              <FormField id={field("categoryId")} label="Category" hint={categoryHint(categories)}>
                {(aria) => (
                  <CategoryInput
                    id={field("categoryId")}
                    categories={categories}
                    aria={aria}
                    defaultValue={categoryText(base.categoryId, categories)}
                  />
                )}
              </FormField>
              <div className="grid gap-3 sm:grid-cols-2">
                {select("sex", "Sex", SEX_WORDS, base.sex === "unknown" ? undefined : base.sex, "Not known")}
                {select("size", "Size", SIZE_WORDS, base.size, "Not known")}
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
                  defaultValue={base.birthDate ?? ""}
                  className={`${textInput} mt-1`}
                />
                <label className="mt-2 inline-flex items-center gap-2">
                  <input
                    type="checkbox"
                    name="birthDateIsEstimate"
                    defaultChecked={base.birthDateIsEstimate ?? false}
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
                  defaultValue={base.breed ?? ""}
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
                  defaultValue={base.description ?? ""}
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
                    base.goodWith?.[target] === "unknown" ? undefined : base.goodWith?.[target],
                    "Not known",
                  ),
                )}
              </fieldset>
            </div>
            <div className="flex shrink-0 flex-col gap-3 border-t border-stone-200 px-5 py-4 sm:px-6 dark:border-stone-700">
              {problem ? (
                <p role="alert" className="text-sm font-semibold text-red-800 dark:text-red-300">
                  {problem}
                </p>
              ) : null}
              {conflict ? (
                <ConflictChoice
                  conflict={conflict}
                  busy={busy}
                  onKeepMine={() => void send(conflict.patch, conflict.saved)}
                  onTakeSaved={() => takeSaved(conflict.saved)}
                />
              ) : (
                <div className="flex flex-wrap gap-2">
                  <button type="submit" disabled={busy} className={primaryButton}>
                    {busy ? "Saving…" : "Save changes"}
                  </button>
                  <button type="button" className={secondaryButton} onClick={close}>
                    Cancel
                  </button>
                </div>
              )}
            </div>
          </form>
        </dialog>
      ) : null}
    </>
  );
}

const FIELD_NAMES: Record<string, string> = {
  name: "The name",
  categoryId: "The category",
  birthDate: "The birth date",
  breed: "The breed",
  description: "The description",
};
const fieldName = (field: string) => FIELD_NAMES[field] ?? "A field";

/** What differs from the version saved meanwhile, and the person's two ways on. */
function ConflictChoice({
  conflict,
  busy,
  onKeepMine,
  onTakeSaved,
}: {
  conflict: Conflict;
  busy: boolean;
  onKeepMine: () => void;
  onTakeSaved: () => void;
}) {
  const { saved, differences } = conflict;
  return (
    <div className="flex flex-col gap-3">
      <p role="alert" className="text-sm font-semibold text-amber-900 dark:text-amber-200">
        Someone else saved {saved.name} while you were editing, so your changes are not saved yet.
      </p>
      <div className="max-h-[30vh] overflow-y-auto" tabIndex={0} role="region" aria-label="What differs">
        <table className="w-full table-fixed text-left text-sm">
          <caption className="sr-only">What differs between your changes and the version saved meanwhile</caption>
          <thead>
            <tr>
              <th scope="col" className="w-1/4 py-1 pr-2 font-semibold">
                Field
              </th>
              <th scope="col" className="py-1 pr-2 font-semibold">
                Yours
              </th>
              <th scope="col" className="py-1 font-semibold">
                Saved meanwhile
              </th>
            </tr>
          </thead>
          <tbody>
            {differences.map((row) => (
              <tr key={row.label} className="border-t border-stone-200 align-top dark:border-stone-700">
                <th scope="row" className="py-1 pr-2 font-semibold wrap-anywhere">
                  {row.label}
                </th>
                <td className="py-1 pr-2 whitespace-pre-line wrap-anywhere">{row.yours}</td>
                <td className="py-1 whitespace-pre-line wrap-anywhere">{row.saved}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="text-sm text-stone-700 dark:text-stone-300">
        Keeping yours saves the fields you changed over this version; the others stay as saved.
      </p>
      <div className="flex flex-wrap gap-2">
        <button type="button" disabled={busy} className={primaryButton} onClick={onKeepMine}>
          {busy ? "Saving…" : "Keep my changes"}
        </button>
        <button type="button" disabled={busy} className={secondaryButton} onClick={onTakeSaved}>
          Use the saved version
        </button>
      </div>
    </div>
  );
}
