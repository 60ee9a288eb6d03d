import { describe, expect, it } from "vitest";
import { newProfileFrom } from "./profile-patch";

describe("newProfileFrom", () => {
  it("takes the filled fields, as the edit form reads them, and leaves the empty ones out", () => {
    expect(
      newProfileFrom({
        name: "Rex",
        categoryId: "2",
        sex: "male",
        birthDate: "2024-03-01",
        birthDateIsEstimate: "on",
        size: "",
        breed: " Collie ",
        description: "Calm.\nLoves walks.",
        "goodWith.children": "yes",
        "goodWith.dogs": "",
        "goodWith.cats": "no",
      }),
    ).toEqual({
      sex: "male",
      birthDate: "2024-03-01",
      birthDateIsEstimate: true,
      breed: "Collie",
      description: "Calm.\nLoves walks.",
      goodWith: { children: "yes", cats: "no" },
    });
    expect(newProfileFrom({ name: "Rex", categoryId: "2", birthDateIsEstimate: "on" })).toEqual({});
  });
});
