import { FORMAT_VERSION, encodeLine } from "./line-codec";
import { isPositiveSafeInteger } from "./pet-record";

/**
 * The first line of each file names the format and its version, so a future layout can
 * be recognised (and an old binary refuse a newer file) instead of being misread.
 */
const JOURNAL_FORMAT = "petstore-journal";
const SNAPSHOT_FORMAT = "petstore-snapshot";

export interface SnapshotHeader {
  /** Pets in the snapshot. */
  count: number;
  /** Journals with this generation or higher hold the pets created after the snapshot. */
  nextJournal: number;
}

export function encodeJournalHeader(generation: number): string {
  return encodeLine({ format: JOURNAL_FORMAT, version: FORMAT_VERSION, generation });
}

export function encodeSnapshotHeader(header: SnapshotHeader): string {
  return encodeLine({ format: SNAPSHOT_FORMAT, version: FORMAT_VERSION, ...header });
}

/** Checks a journal header; throws a reason the caller reports with file and offset. */
export function checkJournalHeader(fields: Record<string, unknown>, generation: number): void {
  checkFormat(fields, JOURNAL_FORMAT);
  if (fields.generation !== generation) {
    throw new Error(`header says generation ${String(fields.generation)}, file name says ${generation}`);
  }
}

export function parseSnapshotHeader(fields: Record<string, unknown>): SnapshotHeader {
  checkFormat(fields, SNAPSHOT_FORMAT);
  const { count, nextJournal } = fields;
  if (!Number.isSafeInteger(count) || (count as number) < 0 || !isPositiveSafeInteger(nextJournal)) {
    throw new Error("snapshot header lacks a valid count or nextJournal");
  }
  return { count: count as number, nextJournal };
}

function checkFormat(fields: Record<string, unknown>, format: string): void {
  if (fields.format !== format) throw new Error(`expected a ${format} header, found ${JSON.stringify(fields.format)}`);
  if (fields.version !== FORMAT_VERSION) {
    const found = String(fields.version);
    throw new Error(`format version ${found} is not ${FORMAT_VERSION}, the one this version of the store reads`);
  }
}
