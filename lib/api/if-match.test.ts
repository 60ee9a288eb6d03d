import { describe, expect, it } from "vitest";
import { versionsFromIfMatch } from "./if-match";

describe("versionsFromIfMatch", () => {
  it("is unconditional without the header or with *", () => {
    expect(versionsFromIfMatch(null)).toBeUndefined();
    expect(versionsFromIfMatch(" * ")).toBeUndefined();
  });

  it("takes strong tags and leaves weak or malformed ones out", () => {
    expect(versionsFromIfMatch('"a1", W/"b2" ,"c3"')).toEqual(["a1", "c3"]);
    expect(versionsFromIfMatch('W/"a1"')).toEqual([]);
    expect(versionsFromIfMatch("a1")).toEqual([]);
  });
});
