import { encodeLine } from "./line-codec";
import { isPositiveSafeInteger } from "./pet-record";

/**
 * The first line of each file names the format and its version, so a future layout can
 * be recognised (and an old binary refuse a newer file) instead of being misread.
 */
const JOURNAL_FORMAT = "petstore-journal";
const SNAPSHOT_FORMAT = "petstore-snapshot";
/**
 * Journal version 2 closes every batch with a commit record (commit-record.ts); version 1
 * journals have none and are still read, by the version 1 rules, until a compaction
 * folds them into the snapshot. Snapshots did not change: written whole and renamed in,
 * they need no commit records.
 */
export const JOURNAL_VERSION = 2;
const JOURNAL_VERSIONS_READ = [1, 2];
const SNAPSHOT_VERSION = 1;

export interface SnapshotHeader {
  /** Pets in the snapshot. */
  count: number;
  /** Journals with this generation or higher hold the pets created after the snapshot. */
  nextJournal: number;
}

export function encodeJournalHeader(generation: number): string {
  return encodeLine({ format: JOURNAL_FORMAT, version: JOURNAL_VERSION, generation });
}

export function encodeSnapshotHeader(header: SnapshotHeader): string {
  return encodeLine({ format: SNAPSHOT_FORMAT, version: SNAPSHOT_VERSION, ...header });
}

/**
 * Checks a journal header and returns its version; throws a reason the caller reports
 * with file and offset.
 */
export function checkJournalHeader(fields: Record<string, unknown>, generation: number): number {
  checkFormat(fields, JOURNAL_FORMAT, JOURNAL_VERSIONS_READ);
  if (fields.generation !== generation) {
    throw new Error(`header says generation ${String(fields.generation)}, file name says ${generation}`);
  }
  return fields.version as number;
}

export function parseSnapshotHeader(fields: Record<string, unknown>): SnapshotHeader {
  checkFormat(fields, SNAPSHOT_FORMAT, [SNAPSHOT_VERSION]);
  const { count, nextJournal } = fields;
  if (!Number.isSafeInteger(count) || (count as number) < 0 || !isPositiveSafeInteger(nextJournal)) {
    throw new Error("snapshot header lacks a valid count or nextJournal");
  }
  return { count: count as number, nextJournal };
}

function checkFormat(fields: Record<string, unknown>, format: string, versions: number[]): void {
  if (fields.format !== format) throw new Error(`expected a ${format} header, found ${JSON.stringify(fields.format)}`);
  if (!versions.includes(fields.version as number)) {
    const found = String(fields.version);
    throw new Error(`format version ${found} is not ${versions.join(" or ")}, what this version of the store reads`);
  }
}
