import { describe, expect, it } from "vitest";
import { speciesOf, suggestSpecies } from "./sac-species";

describe("speciesOf", () => {
  it("follows the console's mapping, and counts an unmapped category as unmapped, never not at all", () => {
    const mapping = new Map([
      [1, "canine" as const],
      [2, "feline" as const],
    ]);
    expect(speciesOf(1, mapping)).toBe("canine");
    expect(speciesOf(3, mapping)).toBe("unmapped");
  });
});

describe("suggestSpecies", () => {
  it.each([
    ["Dogs", "canine"],
    ["Puppies", "canine"],
    ["Barn cats", "feline"],
    ["Kittens", "feline"],
    ["Rabbits", "rabbit"],
    ["Guinea pigs", "small_mammal"],
    ["Ponies", "equine"],
    ["Parrots", "bird"],
    ["Tortoises", "reptile_amphibian"],
    ["Goats", "farm_animal"],
  ] as const)("guesses %s as %s", (name, species) => {
    expect(suggestSpecies(name)).toBe(species);
  });

  it("guesses nothing where no word fits (staff choose)", () => {
    expect(suggestSpecies("Seniors")).toBeUndefined();
    expect(suggestSpecies("Catering")).toBeUndefined();
  });
});
