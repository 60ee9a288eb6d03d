"use client";

import "@/lib/api-client/zod-without-eval";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState, type FormEvent } from "react";
import { NewPet, PET_STATUSES, type Pet } from "@/lib/pets/schemas";
import { ApiError } from "@/lib/api/api-error";
import { fieldErrorsOf } from "@/lib/api/field-errors";
import { isUnauthorized } from "@/lib/api-client/read-api-error";
import { isServerUnreachable } from "@/lib/api-client/server-unreachable";
import { categoriesOptions } from "@/lib/react-query/category-queries";
import { createPetOptions } from "@/lib/react-query/staff-queries";
import { petKeys } from "@/lib/react-query/query-keys";
import { FormField } from "@/components/ui/form-field";
import { fieldError, panel, primaryButton, textInput } from "@/components/ui/styles";
import { forgetNewPetDraft, readNewPetDraft, restoreNewPetDraft, saveNewPetDraft } from "./new-pet-draft";
import { doubtsAbout, resolveCategory } from "./category-choice";
import { CategoryInput, categoryHint } from "./category-input";
import { ConfirmDialog } from "./confirm-dialog";
import { errorsFromProblems, toNewPetInput, type NewPetErrors } from "./new-pet-errors";
import { newProfileFrom } from "@/lib/pets/profile-patch";
import { NewPetProfileFields } from "./new-pet-profile-fields";
import { NewPetPhotosField, photosOf, uploadNewPetPhotos } from "./new-pet-photos";

type Doubtful = { pet: NewPet; doubts: ReturnType<typeof doubtsAbout> };

/** Every pet the console's lists have loaded in this tab, for the namesake check. */
function loadedPets(queryClient: ReturnType<typeof useQueryClient>): Pet[] {
  return queryClient
    .getQueriesData<{ pages: { pets: Pet[] }[] }>({ queryKey: petKeys.staffLists() })
    .flatMap(([, data]) => data?.pages.flatMap((page) => page.pets) ?? []);
}

/**
 * Adds a pet, unlisted, with its profile and photos in the same flow (issue 40): adopters see
 * it once staff press "Show to adopters" in its row (docs/decisions/215). The browser checks
 * with the same NewPet schema the API uses; whatever the server still refuses (its 400
 * `details`) lands on the same fields.
 */
export function NewPetForm({ apiKey, onUnauthorized }: { apiKey: string; onUnauthorized: () => void }) {
  const queryClient = useQueryClient();
  const mutation = useMutation(createPetOptions(apiKey, queryClient));
  const categories = useQuery(categoriesOptions(apiKey)).data ?? [];
  const [errors, setErrors] = useState<NewPetErrors>({});
  const [confirmation, setConfirmation] = useState("");
  const [photoProgress, setPhotoProgress] = useState<string | null>(null);
  // A pet with an unnamed category or a namesake waits for a yes (docs/decisions/158).
  const [doubtful, setDoubtful] = useState<Doubtful | null>(null);
  const adding = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  // The name of a pet whose "Add pet" a refused key stopped (docs/decisions/145). Only the
  // browser renders this form (after it found a key), so the draft can be read at once.
  const [notAdded, setNotAdded] = useState(() => {
    const draft = readNewPetDraft();
    return draft?.refused ? draft.name : null;
  });

  useEffect(() => {
    const draft = readNewPetDraft();
    if (draft && form.current) restoreNewPetDraft(form.current, draft);
  }, []);

  function showErrors(next: NewPetErrors) {
    setErrors(next);
    const first = (["name", "categoryId", "status"] as const).find((field) => next[field]);
    const field = first ? form.current?.elements.namedItem(first) : null;
    if (field instanceof HTMLElement) field.focus();
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (mutation.isPending || photoProgress !== null) return; // no double submit, even from a fast double Enter
    const data = new FormData(event.currentTarget);
    const values = Object.fromEntries(
      [...data].flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])),
    );
    const category = resolveCategory(String(data.get("categoryId") ?? ""), categories);
    const parsed = NewPet.safeParse(
      {
        ...toNewPetInput({
          name: String(data.get("name") ?? ""),
          categoryId: category.kind === "chosen" ? String(category.id) : "",
          status: String(data.get("status") ?? ""),
        }),
        ...newProfileFrom(values),
        listed: false,
      },
      // reportInput lets the API's own wording say "is required" for an empty field.
      { reportInput: true },
    );
    setConfirmation("");
    if (!parsed.success || category.kind === "refused") {
      const found = parsed.success ? {} : errorsFromProblems(fieldErrorsOf(parsed.error));
      showErrors(category.kind === "refused" ? { ...found, categoryId: category.message } : found);
      return;
    }
    setErrors({});
    const doubts = doubtsAbout(
      parsed.data,
      category.kind === "chosen" && category.named,
      categories.length > 0,
      loadedPets(queryClient),
    );
    if (doubts.length > 0) return setDoubtful({ pet: parsed.data, doubts });
    add(parsed.data);
  }

  function add(pet: NewPet) {
    const photos = form.current ? photosOf(form.current) : [];
    mutation.mutate(pet, {
      onSuccess: async (added) => {
        setNotAdded(null);
        forgetNewPetDraft();
        form.current?.reset();
        const photoNotes = await uploadNewPetPhotos(apiKey, added.id, photos, setPhotoProgress);
        setPhotoProgress(null);
        void queryClient.invalidateQueries({ queryKey: petKeys.all });
        setConfirmation(
          `Added ${added.name} (#${added.id})${photoNotes.added}. Adopters do not see it yet: press “Show to adopters” in its row when it is ready.${photoNotes.refused}`,
        );
      },
      onError: (error) => {
        if (isUnauthorized(error)) {
          if (form.current) saveNewPetDraft(form.current, true);
          return onUnauthorized();
        }
        if (error instanceof ApiError && error.status === 400 && error.details?.length) {
          return showErrors(errorsFromProblems(error.details));
        }
        if (isServerUnreachable(error)) {
          // What was typed stays in the form, ready for another try.
          return setErrors({
            form: `The server cannot be reached, so ${pet.name} was not added. Nothing was changed; press “Add pet” again once it is back.`,
          });
        }
        setErrors({ form: `The pet was not added: ${error.message}` });
      },
    });
  }

  // "Go back" (or Escape): to the first doubtful field, to change it.
  function doubtClosed() {
    const field = doubtful?.doubts.some((doubt) => doubt.field === "categoryId") ? "categoryId" : "name";
    const element = adding.current ? null : form.current?.elements.namedItem(field);
    if (element instanceof HTMLElement) element.focus();
    adding.current = false;
    setDoubtful(null);
  }

  return (
    <section aria-labelledby="add-pet-heading" className={panel}>
      <h2 id="add-pet-heading" className="text-xl font-semibold">
        Add a pet
      </h2>
      {notAdded !== null ? (
        <p
          role="status"
          className="mt-3 rounded-lg border border-amber-700/40 bg-amber-50 p-3 text-amber-950 dark:border-amber-300/40 dark:bg-amber-950 dark:text-amber-50"
        >
          “{notAdded || "The pet"}” was not added: the API refused the key before saving it. What you typed is kept
          below; check it and press “Add pet” again.
        </p>
      ) : null}
      <form
        ref={form}
        onSubmit={submit}
        onChange={(event) => saveNewPetDraft(event.currentTarget)}
        noValidate
        className="mt-4 space-y-4"
      >
        <FormField id="name" label="Name" error={errors.name}>
          {(aria) => (
            <input id="name" name="name" type="text" autoComplete="off" {...aria} className={`${textInput} mt-1`} />
          )}
        </FormField>
        <FormField id="categoryId" label="Category" hint={categoryHint(categories)} error={errors.categoryId}>
          {(aria) => <CategoryInput id="categoryId" categories={categories} aria={aria} />}
        </FormField>
        <FormField id="status" label="Status (optional)" error={errors.status}>
          {(aria) => (
            <select id="status" name="status" defaultValue="" {...aria} className={`${textInput} mt-1`}>
              <option value="">Not set (new pets are available)</option>
              {PET_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {status[0]?.toUpperCase() + status.slice(1)}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <NewPetProfileFields />
        <NewPetPhotosField progress={photoProgress} />
        {errors.form ? (
          <p role="alert" className={fieldError}>
            {errors.form}
          </p>
        ) : null}
        <button
          type="submit"
          disabled={mutation.isPending || photoProgress !== null}
          className={`${primaryButton} w-full`}
        >
          {mutation.isPending ? "Adding…" : photoProgress !== null ? "Adding photos…" : "Add pet"}
        </button>
        <p role="status" className="min-h-6 text-sm font-medium text-emerald-800 dark:text-emerald-300">
          {confirmation}
        </p>
      </form>
      <ConfirmDialog
        open={doubtful !== null}
        title={`Add ${doubtful?.pet.name ?? ""} anyway?`}
        keepLabel="Go back"
        confirmLabel="Add anyway"
        onConfirm={() => {
          adding.current = true;
          if (doubtful) add(doubtful.pet);
        }}
        onClose={doubtClosed}
      >
        <ul className="list-disc space-y-1 pl-5">
          {doubtful?.doubts.map((doubt) => (
            <li key={doubt.field}>{doubt.text}</li>
          ))}
        </ul>
      </ConfirmDialog>
    </section>
  );
}
