import { GOOD_WITH, type GoodWithAnswer, type Pet, type PetPatch } from "./schemas";

/** The staff form's fields as text, as FormData gives them. */
export type ProfileFormValues = Record<string, string | undefined>;

/**
 * The merge patch (RFC 7396) that turns `pet` into what the staff form says: only fields
 * that differ are sent, and a field emptied is `null` (removed). Unvalidated: the caller
 * parses the result with PetPatch, so the API's rules and messages apply as they are.
 */
export function profilePatchFrom(pet: Pet, values: ProfileFormValues): Record<string, unknown> {
  const patch: Record<string, unknown> = {};
  const text = (field: string) => values[field]?.trim() ?? "";
  const set = (field: keyof PetPatch, next: unknown, current: unknown) => {
    if (next !== current) patch[field] = next;
  };
  if (text("name") !== pet.name) patch.name = text("name");
  const category = text("categoryId");
  if (category !== String(pet.categoryId)) patch.categoryId = /^\d+$/.test(category) ? Number(category) : category;
  set("sex", text("sex") || null, pet.sex ?? null);
  set("birthDate", text("birthDate") || null, pet.birthDate ?? null);
  const estimate = text("birthDate") ? values.birthDateIsEstimate === "on" : false;
  if (estimate !== (pet.birthDateIsEstimate ?? false) && text("birthDate")) patch.birthDateIsEstimate = estimate;
  set("size", text("size") || null, pet.size ?? null);
  set("breed", text("breed") || null, pet.breed ?? null);
  // Line breaks kept; the API trims the ends.
  set("description", text("description") || null, pet.description ?? null);
  const goodWith: Record<string, GoodWithAnswer | null> = {};
  for (const target of GOOD_WITH) {
    const answer = (text(`goodWith.${target}`) || "unknown") as GoodWithAnswer;
    const current = pet.goodWith?.[target] ?? "unknown";
    if (answer !== current) goodWith[target] = answer === "unknown" ? null : answer;
  }
  if (Object.keys(goodWith).length > 0) patch.goodWith = goodWith;
  return patch;
}

/**
 * The profile fields of a new pet from the add form's fields (issue 40): what the edit form
 * would set on a pet without a profile, so both forms read their fields by one rule.
 * Unvalidated, like profilePatchFrom: the caller parses the new pet with NewPet.
 */
export function newProfileFrom(values: ProfileFormValues): Record<string, unknown> {
  const blank = { id: 1, name: "", categoryId: 1 } as Pet;
  const profile = profilePatchFrom(blank, values);
  delete profile.name;
  delete profile.categoryId;
  return profile;
}
