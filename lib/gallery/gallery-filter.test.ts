import { describe, expect, it } from "vitest";
import { galleryFilterEntries, hasEmptyField, parseGalleryFilter } from "./gallery-filter";
import { galleryHref } from "./gallery-url";

describe("the gallery's filter in its address", () => {
  it("reads what the form sends, repeated good-with boxes included, and writes it back in one order", () => {
    const filter = parseGalleryFilter({ goodWith: ["cats", "children"], sex: "female", q: " bel ", size: "small" });
    expect(filter).toEqual({ q: "bel", sex: "female", size: "small", goodWith: ["children", "cats"] });
    expect(galleryHref(2, 3, filter ?? undefined)).toBe(
      "/?category=3&q=bel&size=small&sex=female&goodWith=children&goodWith=cats&pages=2",
    );
    expect(galleryFilterEntries({})).toEqual([]);
  });

  it("treats fields left at Any as absent, and says so for the redirect", () => {
    const query = { q: "", sex: "", size: "", ageGroup: "", category: "" };
    expect(parseGalleryFilter(query)).toEqual({});
    expect(hasEmptyField(query)).toBe(true);
    expect(hasEmptyField({ sex: "male" })).toBe(false);
  });

  it.each([{ sex: "f" }, { size: ["small", "large"] }, { ageGroup: "old" }, { goodWith: "horses" }, { q: "a\nb" }])(
    "refuses %j (the page redirects to /)",
    (query) => {
      expect(parseGalleryFilter(query)).toBeNull();
    },
  );
});
