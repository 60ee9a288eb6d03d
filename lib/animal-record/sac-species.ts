import * as z from "zod";

/*
 * SAC counts animals by species. A shelter's categories are its own ("Dogs", "Puppies",
 * "Barn cats"), so each category maps to one SAC species, set once in the console; a category
 * not yet mapped is counted as `unmapped`, never left out (docs/decisions/248).
 */

export const SAC_SPECIES = [
  "canine",
  "feline",
  "rabbit",
  "equine",
  "small_mammal",
  "farm_animal",
  "bird",
  "reptile_amphibian",
  "other",
] as const;
export const SacSpecies = z.enum(SAC_SPECIES, { error: `must be one of ${SAC_SPECIES.join(", ")}` }).meta({
  id: "SacSpecies",
  description:
    "The species Shelter Animals Count counts an animal under: canine, feline, and its other species (rabbit, equine, small mammal, farm animal, bird, reptile or amphibian); `other` for the rest",
});
export type SacSpecies = z.infer<typeof SacSpecies>;

/** The console's mapping: category id → species. */
export type CategorySpecies = ReadonlyMap<number, SacSpecies>;

export function speciesOf(categoryId: number, mapping: CategorySpecies): SacSpecies | "unmapped" {
  return mapping.get(categoryId) ?? "unmapped";
}

const HINTS: [RegExp, SacSpecies][] = [
  [/\b(?:dogs?|pupp(?:y|ies)|canines?)\b/i, "canine"],
  [/\b(?:cats?|kittens?|felines?)\b/i, "feline"],
  [/\b(?:rabbits?|bunn(?:y|ies))\b/i, "rabbit"],
  [/\b(?:horses?|ponies|pony|donkeys?|mules?|equines?)\b/i, "equine"],
  [/\b(?:guinea pigs?|hamsters?|rats?|mice|gerbils?|ferrets?|chinchillas?)\b/i, "small_mammal"],
  [/\b(?:pigs?|goats?|sheep|cows?|llamas?|alpacas?)\b/i, "farm_animal"],
  [/\b(?:birds?|parrots?|chickens?|pigeons?|budgies?|ducks?)\b/i, "bird"],
  [/\b(?:reptiles?|snakes?|lizards?|turtles?|tortoises?|iguanas?|frogs?|amphibians?)\b/i, "reptile_amphibian"],
];

/** A first guess from a category's name, which the console offers and staff confirm; undefined when none fits. */
export function suggestSpecies(categoryName: string): SacSpecies | undefined {
  return HINTS.find(([pattern]) => pattern.test(categoryName))?.[1];
}
