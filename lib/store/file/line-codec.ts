import type * as z from "zod";
import { checksumHex, checksumOfRange } from "./checksum";

/**
 * One line of a store file: a JSON object whose last member is `"crc32"`, the checksum of
 * the line's bytes before `,"crc32":`. Lines stay valid JSON (jq reads them) and the
 * checksum sits at a fixed place at the end, so a reader verifies it without re-encoding.
 *
 *   {"id":7,"categoryId":2,"status":"available","name":"Rex","crc32":"1c291ca3"}
 */
const SUFFIX = asciiBytes(',"crc32":"');
const SUFFIX_LENGTH = SUFFIX.length + 8 + 2; // ,"crc32":" + 8 hex digits + "}
const QUOTE = 0x22;

/**
 * A record the store's reader would refuse (an id past 2^53−1, a field out of its schema):
 * it is never written, since one such line makes the store refuse to open (docs/decisions/130).
 * The message names the record's kind and the failing fields, never their values.
 */
export class UnwritableRecordError extends Error {
  constructor(kind: string, fields: string) {
    super(`refused to write a ${kind} record the store could not read back (${fields})`);
    this.name = "UnwritableRecordError";
  }
}

/** `value` as the reader's schema parses it, or UnwritableRecordError naming the fields that fail. */
export function checked<T>(kind: string, schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const fields = new Set(result.error.issues.map((issue) => issue.path.join(".")));
  throw new UnwritableRecordError(kind, [...fields].join(", "));
}

/** A checksummed line, newline included, for any JSON object. */
export function encodeLine(fields: object): string {
  const body = JSON.stringify(fields).slice(0, -1);
  return `${body},"crc32":"${checksumHex(body)}"}\n`;
}

/**
 * The end of the checksummed body of the line `buf[start, end)` (newline excluded), or -1
 * when the line is not a well-formed record or its checksum does not match.
 */
export function verifiedBodyEnd(buf: Buffer, start: number, end: number): number {
  const bodyEnd = end - SUFFIX_LENGTH;
  if (bodyEnd <= start || buf[end - 1] !== 0x7d || buf[end - 2] !== QUOTE) return -1;
  if (!bytesAt(buf, bodyEnd, SUFFIX)) return -1;
  const written = readHex(buf, bodyEnd + SUFFIX.length, end - 2);
  return written === checksumOfRange(buf, start, bodyEnd) ? bodyEnd : -1;
}

/** The lowercase hex number in `buf[start, end)`, or -1; no string is built. */
function readHex(buf: Buffer, start: number, end: number): number {
  let value = 0;
  for (let at = start; at < end; at++) {
    const byte = buf[at] as number;
    const digit = byte >= 0x30 && byte <= 0x39 ? byte - 0x30 : byte >= 0x61 && byte <= 0x66 ? byte - 0x57 : -1;
    if (digit < 0) return -1;
    value = value * 16 + digit;
  }
  return value;
}

/** An ASCII pattern as a plain array of byte values, the cheapest thing to compare against. */
export function asciiBytes(text: string): number[] {
  return [...text].map((char) => char.charCodeAt(0));
}

/** Whether `buf` holds `bytes` at `at` (a loop: Buffer.compare costs more on short runs). */
export function bytesAt(buf: Buffer, at: number, bytes: number[]): boolean {
  const length = bytes.length;
  for (let i = 0; i < length; i++) if (buf[at + i] !== bytes[i]) return false;
  return true;
}

/** Parses a verified line as JSON: for headers, and for pet lines off the fast path. */
export function parseLine(buf: Buffer, start: number, end: number): Record<string, unknown> {
  const value: unknown = JSON.parse(buf.toString("utf8", start, end));
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new SyntaxError("not a JSON object");
  }
  return value as Record<string, unknown>;
}

export function isPositiveSafeInteger(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= 1;
}
