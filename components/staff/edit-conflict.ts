import { applyPetPatch } from "@/lib/pets/apply-patch";
import { GOOD_WITH_WORDS, SEX_WORDS, SIZE_WORDS } from "@/lib/pets/profile-words";
import { GOOD_WITH, type Pet, type PetPatch } from "@/lib/pets/schemas";

/** One field where the person's edit and the version saved meanwhile disagree. */
export interface FieldDifference {
  label: string;
  yours: string;
  saved: string;
}

/**
 * What changed meanwhile (issue 40, item 3; docs/decisions/213): the pet as the person would
 * have saved it (their patch over the version they opened) against the one saved since,
 * field by field in words, only where the two differ.
 */
export function differencesAfterConflict(
  opened: Pet,
  patch: PetPatch,
  saved: Pet,
  categoryName: (id: number) => string,
): FieldDifference[] {
  const yours = applyPetPatch(opened, patch);
  const now = applyPetPatch(saved, {});
  const rows: [string, (pet: Pet) => string][] = [
    ["Name", (pet) => pet.name],
    ["Category", (pet) => categoryName(pet.categoryId)],
    ["Sex", (pet) => word(SEX_WORDS, pet.sex === "unknown" ? undefined : pet.sex)],
    ["Size", (pet) => word(SIZE_WORDS, pet.size)],
    ["Birth date", (pet) => (pet.birthDate ? `${pet.birthDate}${pet.birthDateIsEstimate ? " (estimate)" : ""}` : NONE)],
    ["Breed or mix", (pet) => pet.breed ?? NONE],
    ["Description", (pet) => pet.description ?? NONE],
    ...GOOD_WITH.map((target): [string, (pet: Pet) => string] => [
      `Good with ${GOOD_WITH_WORDS[target].toLowerCase()}`,
      (pet) => ({ yes: "Yes", no: "No" })[pet.goodWith?.[target] as "yes" | "no"] ?? NONE,
    ]),
  ];
  return rows
    .map(([label, show]) => ({ label, yours: show(yours), saved: show(now) }))
    .filter((row) => row.yours !== row.saved);
}

const NONE = "Not known";
const word = (words: Record<string, string>, value: string | undefined) => (value ? (words[value] ?? value) : NONE);
