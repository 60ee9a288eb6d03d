import { describe, expect, it } from "vitest";
import { applyPetPatch, canonicalPet } from "./apply-patch";
import { PetPatch, type Pet } from "./schemas";

const pet: Pet = { id: 1, name: "Rex", categoryId: 2, status: "available" };
const apply = (base: Pet, patch: unknown) => applyPetPatch(base, PetPatch.parse(patch));

describe("applyPetPatch (RFC 7396)", () => {
  it("sets what is sent and keeps the rest, in one field order", () => {
    const result = apply(pet, { size: "small", name: "Max", sex: "female" });
    expect(result).toEqual({ id: 1, name: "Max", categoryId: 2, status: "available", sex: "female", size: "small" });
    expect(Object.keys(result)).toEqual(["id", "name", "categoryId", "status", "sex", "size"]);
  });

  it("removes a profile field sent as null", () => {
    expect(apply({ ...pet, breed: "Collie" }, { breed: null })).toEqual(pet);
  });

  it("merges goodWith member by member; null and unknown make a member unknown", () => {
    const base = { ...pet, goodWith: { children: "yes" as const, dogs: "no" as const } };
    expect(apply(base, { goodWith: { dogs: null, cats: "yes" } }).goodWith).toEqual({ children: "yes", cats: "yes" });
    expect(apply(base, { goodWith: { children: "unknown", dogs: null } }).goodWith).toBeUndefined();
    expect(apply(base, { goodWith: null }).goodWith).toBeUndefined();
  });

  it("keeps an estimate flag only beside a birth date", () => {
    const base = { ...pet, birthDate: "2020-01-01", birthDateIsEstimate: true };
    expect(apply(base, { birthDate: null })).toEqual(pet);
    expect(canonicalPet({ ...pet, birthDateIsEstimate: false })).toEqual(pet);
  });
});

describe("PetPatch", () => {
  const refuses = (patch: unknown) => expect(PetPatch.safeParse(patch).success).toBe(false);

  it("refuses null for what cannot be removed, unknown fields, and an empty patch", () => {
    refuses({ name: null });
    refuses({ categoryId: null });
    refuses({ status: null, reason: "r" });
    refuses({ colour: "brown" });
    refuses({});
    refuses({ reason: "only a reason" });
    refuses({ goodWith: { horses: "yes" } });
  });

  it("refuses bad profile values", () => {
    refuses({ sex: "f" });
    refuses({ size: "huge" });
    refuses({ birthDate: "2020-02-30" });
    refuses({ birthDate: "1899-12-31" });
    refuses({ birthDate: "01/02/2020" });
    refuses({ breed: "" });
    refuses({ breed: "a\tb" });
    refuses({ description: "x".repeat(2001) });
    refuses({ goodWith: { dogs: "maybe" } });
  });

  it("keeps line breaks in a description and still requires a reason with a status", () => {
    expect(PetPatch.parse({ description: " Calm.\nLoves walks. " })).toEqual({ description: "Calm.\nLoves walks." });
    refuses({ status: "sold", name: "Rex" });
  });
});
