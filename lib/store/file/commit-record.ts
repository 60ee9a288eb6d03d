import { asciiBytes, bytesAt, encodeLine } from "./line-codec";

/**
 * The line that closes each batch in a version 2 journal, written in the same write as
 * the batch's pets and made durable by the same fdatasync:
 *
 *   {"commit":3,"crc32":"…"}      the 3 pet lines before it form one acknowledged batch
 *
 * A crash may persist a batch's pages in any order, so a torn batch can show a bad line
 * followed by good ones. Everything after the last commit record was never acknowledged
 * and is cut, whatever it looks like; damage before a commit record is damage to
 * acknowledged pets and refuses the open (docs/decisions/021-journal-commit-records.md).
 */
const COMMIT = asciiBytes('{"commit":');

export function encodeCommitLine(pets: number): string {
  return encodeLine({ commit: pets });
}

/** Whether the verified line starting at `start` is a commit record. */
export function isCommitLine(buf: Buffer, start: number): boolean {
  return bytesAt(buf, start, COMMIT);
}

/** The number of pets a parsed commit record closes; throws when it names none. */
export function committedPets(fields: Record<string, unknown>): number {
  const { commit } = fields;
  if (!Number.isSafeInteger(commit) || (commit as number) < 1) throw new Error("not a valid commit record");
  return commit as number;
}
