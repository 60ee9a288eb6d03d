import { describe, expect, it } from "vitest";
import { GALLERY_MAX_PAGES, firstShownPage, galleryHref, parseGalleryPages } from "./gallery-url";

describe("the gallery's pages parameter", () => {
  it("reads 1 to the maximum, and 1 when absent", () => {
    expect(parseGalleryPages(undefined)).toBe(1);
    expect(parseGalleryPages("1")).toBe(1);
    expect(parseGalleryPages("3")).toBe(3);
    expect(parseGalleryPages(String(GALLERY_MAX_PAGES))).toBe(GALLERY_MAX_PAGES);
  });

  it("refuses anything else rather than guessing", () => {
    for (const value of ["", "0", "01", "-1", "1.5", "1e1", "abc", " 2", String(GALLERY_MAX_PAGES + 1), "100"]) {
      expect(parseGalleryPages(value), value).toBeUndefined();
    }
    expect(parseGalleryPages(["2", "3"])).toBeUndefined();
  });

  it("writes the first page as the plain address", () => {
    expect(galleryHref(1)).toBe("/");
    expect(galleryHref(4)).toBe("/?pages=4");
  });
});

describe("the pages one gallery answer renders", () => {
  it("are the last four asked for, whatever the count", () => {
    expect([1, 2, 4, 5, 6, GALLERY_MAX_PAGES].map(firstShownPage)).toEqual([1, 1, 1, 2, 3, GALLERY_MAX_PAGES - 3]);
  });
});
