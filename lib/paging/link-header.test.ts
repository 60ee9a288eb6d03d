import { describe, expect, it } from "vitest";
import { nextPageLink, nextPageLinkWithCursor, parseNextCursor, queryTextOf } from "./link-header";

describe("parseNextCursor", () => {
  it("reads the cursor of the next link", () => {
    expect(parseNextCursor('</v1/pets?limit=20&status=sold&cursor=XYZ>; rel="next"')).toBe("XYZ");
  });

  it("accepts an unquoted rel and extra parameters", () => {
    expect(parseNextCursor("</v1/pets?cursor=abc_-1>; title=more; rel=next")).toBe("abc_-1");
  });

  it("picks next among several links", () => {
    const header = '</v1/pets?cursor=first>; rel="prev", </v1/pets?limit=5&cursor=second>; rel="next"';
    expect(parseNextCursor(header)).toBe("second");
  });

  it("understands rel lists", () => {
    expect(parseNextCursor('<https://example.test/v1/pets?cursor=q>; rel="last next"')).toBe("q");
  });

  it("returns undefined when there is no next page", () => {
    expect(parseNextCursor(null)).toBeUndefined();
    expect(parseNextCursor("")).toBeUndefined();
    expect(parseNextCursor('</v1/pets?cursor=p>; rel="prev"')).toBeUndefined();
    expect(parseNextCursor('</v1/pets?limit=20>; rel="next"')).toBeUndefined();
  });
});

describe("nextPageLinkWithCursor", () => {
  it("makes the link nextPageLink makes, whatever the cursor holds", () => {
    for (const query of [{ limit: 20, status: "sold" }, { limit: 5, q: "Rex & co/é" }, {}]) {
      for (const cursor of ["abc_-1.Z*", "a+b/c=", "é ü&x"]) {
        expect(nextPageLinkWithCursor("/v1/pets", queryTextOf(query), cursor)).toBe(
          nextPageLink("/v1/pets", { ...query, cursor }),
        );
      }
    }
  });
});
