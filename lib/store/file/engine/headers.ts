import { encodeLine } from "@/lib/store/file/line-codec";
import type { AnyPart, SnapshotSection } from "./part";

/**
 * The first line of each file names the format and its version, so a future layout can be
 * recognised (and an old binary refuse a newer file) instead of being misread. The versions
 * follow from the parts: a journal's is the highest `since` of any line kind (2 at least,
 * the first with commit records), a snapshot's the highest `since` of any section. Older
 * files are read by their own version's rules (a line kind newer than its journal is damage;
 * a section newer than its snapshot counts 0) and never appended to.
 */
const JOURNAL_FORMAT = "petstore-journal";
const SNAPSHOT_FORMAT = "petstore-snapshot";

export interface SnapshotHeader {
  version: number;
  /** Each section's count and counters, by header member (0 for a section newer than the file). */
  numbers: Record<string, number>;
  /** Journals with this generation or higher hold what came after the snapshot. */
  nextJournal: number;
}

export function encodeJournalHeader(version: number, generation: number): string {
  return encodeLine({ format: JOURNAL_FORMAT, version, generation });
}

/** Checks a journal header and returns its version; throws a reason the caller reports with file and offset. */
export function checkJournalHeader(fields: Record<string, unknown>, generation: number, newest: number): number {
  checkFormat(fields, JOURNAL_FORMAT, newest);
  if (fields.generation !== generation) {
    throw new Error(`header says generation ${String(fields.generation)}, file name says ${generation}`);
  }
  return fields.version as number;
}

/** The snapshot sections of the parts, in registry order. */
export function sectionsOf(parts: readonly AnyPart[]): SnapshotSection[] {
  return parts.flatMap((part) => (part.snapshot ? [part.snapshot as SnapshotSection] : []));
}

export function snapshotVersionOf(sections: readonly SnapshotSection[]): number {
  return Math.max(1, ...sections.map((section) => section.since));
}

/** The header's members: each section's count then its counters, in registry order. */
function membersOf(section: SnapshotSection): string[] {
  return [section.field, ...(section.counters ?? [])];
}

export function encodeSnapshotHeader(
  sections: readonly SnapshotSection[],
  numbers: Record<string, number>,
  nextJournal: number,
): string {
  const members = Object.fromEntries(sections.flatMap(membersOf).map((name) => [name, numbers[name] ?? 0]));
  return encodeLine({ format: SNAPSHOT_FORMAT, version: snapshotVersionOf(sections), ...members, nextJournal });
}

export function parseSnapshotHeader(
  sections: readonly SnapshotSection[],
  fields: Record<string, unknown>,
): SnapshotHeader {
  checkFormat(fields, SNAPSHOT_FORMAT, snapshotVersionOf(sections));
  const version = fields.version as number;
  const numbers: Record<string, number> = {};
  const names: string[] = [];
  let valid = true;
  for (const section of sections) {
    for (const name of membersOf(section)) {
      // The first section's count was there from the start; later members default to 0.
      const value = version < section.since ? 0 : (fields[name] ?? (section.since > 1 ? 0 : undefined));
      if (!Number.isSafeInteger(value) || (value as number) < 0) valid = false;
      numbers[name] = value as number;
      names.push(name);
    }
  }
  const { nextJournal } = fields;
  if (!valid || !Number.isSafeInteger(nextJournal) || (nextJournal as number) < 1) {
    throw new Error(`snapshot header lacks a valid ${names.join(", ")} or nextJournal`);
  }
  return { version, numbers, nextJournal: nextJournal as number };
}

function checkFormat(fields: Record<string, unknown>, format: string, newest: number): void {
  if (fields.format !== format) throw new Error(`expected a ${format} header, found ${JSON.stringify(fields.format)}`);
  const versions = Array.from({ length: newest }, (_, i) => i + 1);
  if (!versions.includes(fields.version as number)) {
    const found = String(fields.version);
    throw new Error(`format version ${found} is not ${versions.join(" or ")}, what this version of the store reads`);
  }
}
