import { describe, expect, it } from "vitest";
import type { Pet } from "@/lib/pets/schemas";
import { doubtsAbout, resolveCategory } from "./category-choice";

const categories = [{ id: 5, name: "Rabbits" }];

describe("resolveCategory", () => {
  it("takes a name in any case, or a number", () => {
    expect(resolveCategory(" rabbits ", categories)).toEqual({ kind: "chosen", id: 5, named: true });
    expect(resolveCategory("5", categories)).toEqual({ kind: "chosen", id: 5, named: true });
    expect(resolveCategory("99", categories)).toEqual({ kind: "chosen", id: 99, named: false });
    expect(resolveCategory("", categories)).toEqual({ kind: "empty" });
  });

  it("refuses what no category can be, in words", () => {
    expect(resolveCategory("Cats", categories)).toEqual({
      kind: "refused",
      message: "No category is called “Cats”. Pick one from the list.",
    });
    expect(resolveCategory("12345678901234567890", categories)).toMatchObject({
      message: "No category has the number 12345678901234567890. Pick one from the list.",
    });
    expect(resolveCategory("0", categories)).toMatchObject({ kind: "refused" });
  });
});

describe("doubtsAbout", () => {
  const rex = { id: 12, name: "Rex", categoryId: 5, status: "available" } as Pet;

  it("names an unnamed category and a namesake among the loaded pets", () => {
    expect(doubtsAbout({ name: "rex", categoryId: 99 }, false, true, [rex]).map((doubt) => doubt.field)).toEqual([
      "categoryId",
      "name",
    ]);
    expect(doubtsAbout({ name: "Mia", categoryId: 5 }, true, true, [rex])).toEqual([]);
    // Without any named category, numbers are all there is.
    expect(doubtsAbout({ name: "Mia", categoryId: 7 }, false, false, [])).toEqual([]);
  });
});
