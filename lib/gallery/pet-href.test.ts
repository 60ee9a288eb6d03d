import { describe, expect, it } from "vitest";
import { galleryReturnHref, petHref } from "./pet-href";

describe("the way from a card to its animal and back", () => {
  it("carries the category and the pages shown, and nothing for the first page of all", () => {
    expect(petHref(7)).toBe("/pets/7");
    expect(petHref(7, 1)).toBe("/pets/7");
    expect(petHref(7, 2)).toBe("/pets/7?pages=2");
    expect(petHref(7, 3, 4)).toBe("/pets/7?category=4&pages=3");
  });

  it("leads back to that view, opened at the card's page", () => {
    expect(galleryReturnHref({})).toBe("/");
    expect(galleryReturnHref({ pages: "2" })).toBe("/?pages=2#page-2");
    expect(galleryReturnHref({ category: "4", pages: "3" })).toBe("/?category=4&pages=3#page-3");
    expect(galleryReturnHref({ category: "4" })).toBe("/?category=4");
  });

  it("drops what is not a gallery view", () => {
    expect(galleryReturnHref({ pages: "abc", category: "x" })).toBe("/");
    expect(galleryReturnHref({ pages: ["2", "3"], category: "0" })).toBe("/");
    expect(galleryReturnHref({ pages: "2", category: "-1" })).toBe("/?pages=2#page-2");
  });
});
