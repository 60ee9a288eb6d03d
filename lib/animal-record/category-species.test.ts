import { describe, expect, it } from "vitest";
import type { Category } from "@/lib/categories/schemas";
import {
  CategorySpeciesChange,
  CategorySpeciesList,
  listCategorySpecies,
  setCategorySpecies,
  type SpeciesSources,
} from "./category-species";
import type { SacSpecies } from "./sac-species";

/** The named categories and a mapping kept in memory, as the stores keep them. */
function sources(categories: Category[], mapped: [number, SacSpecies][] = []) {
  const mapping = new Map(mapped);
  const fake: SpeciesSources = {
    categories: { listCategories: async () => categories.map((category) => ({ ...category })) },
    medical: {
      categorySpecies: async () => new Map(mapping),
      setCategorySpecies: async (categoryId, species) => void mapping.set(categoryId, species),
    },
  };
  return { fake, mapping };
}

const SHELTER: Category[] = [
  { id: 1, name: "Dogs" },
  { id: 2, name: "Barn cats" },
  { id: 3, name: "Misc" },
];

describe("listCategorySpecies", () => {
  it("answers every named category: its species when mapped, unmapped with a guess from its name otherwise", async () => {
    const { fake } = sources(SHELTER, [[2, "feline"]]);
    const answer = await listCategorySpecies(fake);
    expect(answer).toEqual([
      { categoryId: 1, species: "unmapped", suggested: "canine" },
      { categoryId: 2, species: "feline" },
      { categoryId: 3, species: "unmapped" },
    ]);
    expect(CategorySpeciesList.parse(answer)).toEqual(answer);
  });

  it("offers no guess for a mapped category, even one its name contradicts", async () => {
    const { fake } = sources([{ id: 1, name: "Dogs" }], [[1, "other"]]);
    expect(await listCategorySpecies(fake)).toEqual([{ categoryId: 1, species: "other" }]);
  });

  it("leaves out a species set for an id no category has", async () => {
    const { fake } = sources(SHELTER.slice(0, 1), [[9, "bird"]]);
    expect(await listCategorySpecies(fake)).toEqual([{ categoryId: 1, species: "unmapped", suggested: "canine" }]);
  });
});

describe("setCategorySpecies", () => {
  it("maps a named category, and the listing says so from then on", async () => {
    const { fake, mapping } = sources(SHELTER);
    expect(await setCategorySpecies(fake, 3, "rabbit")).toEqual({ categoryId: 3, species: "rabbit" });
    expect(mapping.get(3)).toBe("rabbit");
    expect((await listCategorySpecies(fake))[2]).toEqual({ categoryId: 3, species: "rabbit" });
  });

  it("changes a mapping set before", async () => {
    const { fake, mapping } = sources(SHELTER, [[1, "feline"]]);
    await setCategorySpecies(fake, 1, "canine");
    expect(mapping.get(1)).toBe("canine");
  });

  it("answers undefined for a category without a record, and maps nothing", async () => {
    const { fake, mapping } = sources(SHELTER);
    expect(await setCategorySpecies(fake, 4, "canine")).toBeUndefined();
    expect(mapping.size).toBe(0);
  });
});

describe("CategorySpeciesChange", () => {
  it("takes one of SAC's species and nothing else", () => {
    expect(CategorySpeciesChange.parse({ species: "equine" })).toEqual({ species: "equine" });
    expect(CategorySpeciesChange.safeParse({ species: "dog" }).success).toBe(false);
    expect(CategorySpeciesChange.safeParse({ species: "unmapped" }).success).toBe(false);
    expect(CategorySpeciesChange.safeParse({ species: "canine", name: "Dogs" }).success).toBe(false);
    expect(CategorySpeciesChange.safeParse("canine").error?.issues[0]?.message).toBe("must be a JSON object");
  });
});
