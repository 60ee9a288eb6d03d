import type { ErrorDetail } from "@/lib/api/errors";
import type { NewPetInput } from "@/lib/pets/schemas";

export const NEW_PET_FIELDS = ["name", "categoryId", "status"] as const;
export type NewPetField = (typeof NEW_PET_FIELDS)[number];
/** Messages per field; `form` holds problems that belong to no single field. */
export type NewPetErrors = Partial<Record<NewPetField | "form", string>>;

const LABELS: Record<NewPetField, string> = { name: "Name", categoryId: "Category", status: "Status" };
/** The profile's fields (issue 40) are checked too; their problems are said in the form's words. */
const PROFILE_LABELS: Record<string, string> = {
  birthDate: "Birth date",
  breed: "Breed or mix",
  description: "Description",
};

/**
 * Form text to the NewPet shape, leaving every judgement to the shared zod schema: an
 * empty category becomes "missing", anything that is not plain digits stays text so the
 * schema calls it "not an integer" rather than us coercing "1e3" or "0x10".
 */
export function toNewPetInput(form: { name: string; categoryId: string; status: string }): Record<string, unknown> {
  const category = form.categoryId.trim();
  const input: Record<string, unknown> = {
    name: form.name,
    categoryId: category === "" ? undefined : /^[+-]?\d+$/.test(category) ? Number(category) : category,
  };
  if (form.status) input.status = form.status as NewPetInput["status"];
  return input;
}

function isField(name: unknown): name is NewPetField {
  return (NEW_PET_FIELDS as readonly unknown[]).includes(name);
}

/** The first problem for each field, phrased with its label: "Name must not be empty". */
export function errorsFromProblems(problems: ErrorDetail[]): NewPetErrors {
  const errors: NewPetErrors = {};
  for (const { field, message } of problems) {
    const key = isField(field) ? field : "form";
    const profileLabel = field === undefined ? undefined : PROFILE_LABELS[field.split(".")[0] ?? ""];
    errors[key] ??= isField(field)
      ? `${LABELS[field]} ${message}`
      : profileLabel
        ? `${profileLabel} ${message}`
        : message;
  }
  return errors;
}
