import { describe, expect, it } from "vitest";
import { csvField, csvLine } from "./csv";

describe("CSV fields (RFC 4180, formula-safe)", () => {
  it.each([
    ["plain", "plain"],
    ["a,b", '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ["two\nlines", '"two\nlines"'],
    ["=SUM(A1:A9)", "'=SUM(A1:A9)"],
    ["+1", "'+1"],
    ["-1", "'-1"],
    ["@cmd", "'@cmd"],
    ["\tx", "'\tx"],
    ['=HYPERLINK("http://x","y")', `"'=HYPERLINK(""http://x"",""y"")"`],
    ["", ""],
  ])("writes %j as %j", (value, written) => {
    expect(csvField(value)).toBe(written);
  });

  it("writes numbers as numbers, negative ones too, and nothing for no value", () => {
    expect([csvField(12), csvField(-3.5), csvField(0), csvField(undefined), csvField(null)]).toEqual([
      "12",
      "-3.5",
      "0",
      "",
      "",
    ]);
  });

  it("ends every line with CRLF", () => {
    expect(csvLine(["a", 1, undefined, "b,c"])).toBe('a,1,,"b,c"\r\n');
  });
});
