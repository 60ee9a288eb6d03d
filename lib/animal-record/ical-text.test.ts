import { describe, expect, it } from "vitest";
import { contentLines, escapeText, foldLine } from "./ical-text";

const octets = (text: string) => new TextEncoder().encode(text).length;

describe("escapeText (RFC 5545 §3.3.11)", () => {
  it("escapes backslash, semicolon and comma, and writes line breaks as \\n", () => {
    expect(escapeText("a\\b;c,d")).toBe("a\\\\b\\;c\\,d");
    expect(escapeText("one\ntwo\r\nthree\rfour")).toBe("one\\ntwo\\nthree\\nfour");
  });

  it("escapes the backslash first, so an escape is never escaped twice", () => {
    expect(escapeText("\\;")).toBe("\\\\\\;");
  });

  it("drops control characters TEXT does not allow", () => {
    expect(escapeText("Rex\u0000\u001b[31m")).toBe("Rex[31m");
  });
});

describe("foldLine (RFC 5545 §3.1)", () => {
  it("leaves a line of 75 octets whole and folds one of 76", () => {
    expect(foldLine("a".repeat(75))).toBe("a".repeat(75));
    expect(foldLine("a".repeat(76))).toBe(`${"a".repeat(75)}\r\n a`);
  });

  it("counts the continuation's space in its 75 octets", () => {
    const folded = foldLine("b".repeat(75 + 74 + 10));
    expect(folded).toBe(`${"b".repeat(75)}\r\n ${"b".repeat(74)}\r\n ${"b".repeat(10)}`);
    for (const line of folded.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
  });

  it("counts octets, not characters, and never splits a character's UTF-8 sequence", () => {
    // "é" is 2 octets: 37 of them are 74 octets, the 38th would make 76.
    const folded = foldLine(`SUMMARY:${"é".repeat(40)}`);
    const lines = folded.split("\r\n");
    expect(lines[0]).toBe(`SUMMARY:${"é".repeat(33)}`); // 8 + 66 = 74; one more é would be 76
    expect(lines[1]).toBe(` ${"é".repeat(7)}`);
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    // Unfolding (removing CRLF + space) gives back the line, byte for byte.
    expect(folded.replaceAll("\r\n ", "")).toBe(`SUMMARY:${"é".repeat(40)}`);
  });

  it("keeps a 4-octet emoji whole at the fold", () => {
    const line = `${"x".repeat(73)}🐕🐕`; // 73 + 4 = 77: the first dog moves down whole
    expect(foldLine(line)).toBe(`${"x".repeat(73)}\r\n 🐕🐕`);
  });
});

describe("contentLines", () => {
  it("ends every line, the last one too, with CRLF", () => {
    expect(contentLines(["BEGIN:VCALENDAR", "END:VCALENDAR"])).toBe("BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n");
  });
});
