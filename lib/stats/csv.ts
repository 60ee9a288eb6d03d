/*
 * CSV as RFC 4180 writes it: fields separated by commas, lines ended by CRLF, a field quoted
 * when it holds a comma, a quote or a line break, its quotes doubled. Text that a spreadsheet
 * would run as a formula (starting with =, +, -, @, a tab or a carriage return: OWASP's list)
 * gets a leading apostrophe, which spreadsheets show as text. Numbers are written as numbers
 * and never prefixed, so a negative number stays one (docs/decisions/263).
 */

export type CsvValue = string | number | undefined | null;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

export function csvField(value: CsvValue): string {
  if (value === undefined || value === null) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One line, CRLF included. */
export const csvLine = (values: readonly CsvValue[]) => `${values.map(csvField).join(",")}\r\n`;
