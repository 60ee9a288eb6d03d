import { ageGroupOf } from "./age-group";
import type { AgeGroup, GoodWithTarget, Pet, PetSex, PetSize } from "./schemas";

/** The profile's values in words, for the pages (adopters' and staff's alike). */
export const SEX_WORDS: Record<Exclude<PetSex, "unknown">, string> = { female: "Female", male: "Male" };
export const SIZE_WORDS: Record<PetSize, string> = {
  small: "Small",
  medium: "Medium",
  large: "Large",
  xlarge: "Extra large",
};
export const AGE_GROUP_WORDS: Record<AgeGroup, string> = {
  baby: "Baby (under 1)",
  young: "Young (1–3)",
  adult: "Adult (3–8)",
  senior: "Senior (8+)",
};
export const GOOD_WITH_WORDS: Record<GoodWithTarget, string> = { children: "Children", dogs: "Dogs", cats: "Cats" };

/** A short line about the animal for a card: "Female · Young (1–3) · Small · Labrador mix". */
export function profileSummary(pet: Pet, today: string): string {
  const parts: string[] = [];
  if (pet.sex && pet.sex !== "unknown") parts.push(SEX_WORDS[pet.sex]);
  if (pet.birthDate) parts.push(AGE_GROUP_WORDS[ageGroupOf(pet.birthDate, today)]);
  if (pet.size) parts.push(SIZE_WORDS[pet.size]);
  if (pet.breed) parts.push(pet.breed);
  return parts.join(" · ");
}
