/*
 * The text rules of iCalendar (RFC 5545) that every property line follows.
 */

/**
 * A TEXT value (§3.3.11): backslash, semicolon and comma escaped, line breaks written as
 * `\n`. Other control characters are not allowed in TEXT (TSAFE-CHAR), so they are dropped.
 */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n")
    .replace(/\p{Cc}/gu, "");
}

const encoder = new TextEncoder();
const LINE_OCTETS = 75;

/**
 * A content line folded (§3.1): no line longer than 75 octets without its CRLF, each
 * continuation starting with one space (which counts in its 75). Counted in UTF-8 octets,
 * and never inside a character, so a multi-octet sequence is never split.
 */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    if (octets + size > LINE_OCTETS) {
      lines.push(current);
      current = " ";
      octets = 1;
    }
    current += char;
    octets += size;
  }
  lines.push(current);
  return lines.join("\r\n");
}

/** Lines joined as iCalendar wants them: each folded and ended by CRLF, the last one too. */
export function contentLines(lines: readonly string[]): string {
  return lines.map((line) => `${foldLine(line)}\r\n`).join("");
}
