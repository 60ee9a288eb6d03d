import { describe, expect, it } from "vitest";
import { applyPetPatch } from "./apply-patch";
import { profilePatchFrom } from "./profile-patch";
import { PetPatch, type Pet } from "./schemas";

const rex: Pet = {
  id: 7,
  name: "Rex",
  categoryId: 2,
  status: "available",
  sex: "male",
  breed: "Collie",
  goodWith: { dogs: "yes" },
};
const form = (values: Record<string, string>) => ({
  name: "Rex",
  categoryId: "2",
  sex: "male",
  breed: "Collie",
  "goodWith.dogs": "yes",
  ...values,
});

describe("profilePatchFrom", () => {
  it("sends nothing when nothing changed", () => {
    expect(profilePatchFrom(rex, form({}))).toEqual({});
  });

  it("sends only what changed, emptied fields as null, good-with member by member", () => {
    const patch = profilePatchFrom(
      rex,
      form({ name: " Rexy ", breed: "", "goodWith.dogs": "", "goodWith.cats": "no", birthDate: "2021-04-01" }),
    );
    expect(patch).toEqual({ name: "Rexy", breed: null, birthDate: "2021-04-01", goodWith: { dogs: null, cats: "no" } });
    expect(applyPetPatch(rex, PetPatch.parse(patch))).toEqual({
      id: 7,
      name: "Rexy",
      categoryId: 2,
      status: "available",
      sex: "male",
      birthDate: "2021-04-01",
      goodWith: { cats: "no" },
    });
  });

  it("marks a birth date as an estimate only beside a date", () => {
    expect(profilePatchFrom(rex, form({ birthDate: "2021-04-01", birthDateIsEstimate: "on" }))).toMatchObject({
      birthDateIsEstimate: true,
    });
    expect(profilePatchFrom(rex, form({ birthDateIsEstimate: "on" }))).toEqual({});
  });

  it("leaves a category that is not a number for the schema to refuse", () => {
    expect(PetPatch.safeParse(profilePatchFrom(rex, form({ categoryId: "dogs" }))).success).toBe(false);
  });
});
