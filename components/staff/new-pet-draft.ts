/**
 * The half-typed pet, kept in this tab's sessionStorage so a refused key costs no typing:
 * after "The API no longer accepts your key" and a new sign-in the form comes back filled.
 * `refused` marks a draft whose "Add pet" the API refused, so the console can say it was not
 * added. Forgotten once the pet is added or staff sign out themselves. A pet's name and
 * category are no secret, and the storage ends with the tab.
 */
export type NewPetDraft = { name: string; categoryId: string; status: string; refused: boolean };

const STORAGE_KEY = "petstore.staff.newPetDraft";

export function readNewPetDraft(): NewPetDraft | null {
  try {
    const value: unknown = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "null");
    if (typeof value !== "object" || value === null) return null;
    const { name, categoryId, status, refused } = value as Record<string, unknown>;
    return {
      name: String(name ?? ""),
      categoryId: String(categoryId ?? ""),
      status: String(status ?? ""),
      refused: refused === true,
    };
  } catch {
    return null; // storage disabled or a stale value: start empty
  }
}

/** The form's fields now; `refused` once set stays until the draft is forgotten. */
export function saveNewPetDraft(form: HTMLFormElement, refused = false): void {
  const data = new FormData(form);
  const draft: NewPetDraft = {
    name: String(data.get("name") ?? ""),
    categoryId: String(data.get("categoryId") ?? ""),
    status: String(data.get("status") ?? ""),
    refused: refused || readNewPetDraft()?.refused === true,
  };
  try {
    if (!draft.name && !draft.categoryId && !draft.status && !draft.refused) forgetNewPetDraft();
    else window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(draft));
  } catch {
    // storage full or disabled: the draft is simply not kept
  }
}

export function forgetNewPetDraft(): void {
  try {
    window.sessionStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing kept, nothing to forget
  }
}

/** Puts a kept draft back into the form's fields. */
export function restoreNewPetDraft(form: HTMLFormElement, draft: NewPetDraft): void {
  for (const field of ["name", "categoryId", "status"] as const) {
    const element = form.elements.namedItem(field);
    if (element instanceof HTMLInputElement || element instanceof HTMLSelectElement) element.value = draft[field];
  }
}
