import { GOOD_WITH, PROFILE_KEYS, type GoodWith, type Pet, type PetPatch, type PetProfile } from "./schemas";

/**
 * A pet with a validated JSON Merge Patch (RFC 7396) applied: fields sent are set, `null`
 * removes a profile field, and `goodWith` merges member by member. Both stores call this,
 * so the rule is written once (docs/decisions/170). The result is canonical (canonicalPet).
 */
export function applyPetPatch(pet: Pet, patch: PetPatch): Pet {
  const next: Record<string, unknown> = { ...pet };
  for (const [field, value] of Object.entries(patch)) {
    if (field === "reason" || value === undefined) continue;
    if (field === "listed") next.listed = value;
    else if (field === "goodWith" && value !== null)
      next.goodWith = mergeGoodWith(pet.goodWith, value as GoodWithPatch);
    else if (value === null) delete next[field];
    else next[field] = value;
  }
  return canonicalPet(next as Pet);
}

type GoodWithPatch = { [Target in keyof GoodWith]?: GoodWith[Target] | null };

function mergeGoodWith(current: GoodWith | undefined, patch: GoodWithPatch): GoodWith {
  const merged: GoodWith = { ...current };
  for (const target of GOOD_WITH) {
    const answer = patch[target];
    if (answer === null) delete merged[target];
    else if (answer !== undefined) merged[target] = answer;
  }
  return merged;
}

/**
 * The pet with its fields in one order (id, name, categoryId, status, the profile's, then
 * `listed: false` for an unlisted pet: a listed one carries no `listed`),
 * an estimate flag only beside a birth date, and `goodWith` only when it says something:
 * "unknown" is what a left-out member means, so it is dropped.
 */
export function canonicalPet(pet: Omit<Pet, "listed"> & { listed?: boolean }): Pet {
  const { id, name, categoryId, status } = pet;
  const result: Pet = status === undefined ? { id, name, categoryId } : { id, name, categoryId, status };
  Object.assign(result, canonicalProfile(pet), listingOf(pet));
  return result;
}

export function canonicalProfile(source: PetProfile): PetProfile {
  const profile: Record<string, unknown> = {};
  for (const key of PROFILE_KEYS) {
    const value = source[key];
    if (value === undefined) continue;
    if (key === "birthDateIsEstimate" && source.birthDate === undefined) continue;
    if (key === "goodWith") {
      const goodWith = Object.fromEntries(
        GOOD_WITH.flatMap((target) => {
          const answer = (value as GoodWith)[target];
          return answer === undefined || answer === "unknown" ? [] : [[target, answer]];
        }),
      );
      if (Object.keys(goodWith).length > 0) profile.goodWith = goodWith;
      continue;
    }
    profile[key] = value;
  }
  return profile as PetProfile;
}

/** Whether a pet carries any profile field. */
export const hasProfile = (pet: PetProfile): boolean => PROFILE_KEYS.some((key) => pet[key] !== undefined);

/** `{ listed: false }` for an unlisted pet, `{}` for a listed one: what stores keep and the API shows. */
export const listingOf = (pet: { listed?: boolean }): { listed?: false } =>
  pet.listed === false ? { listed: false } : {};
