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
 * folds them into the snapshot. Version 3 adds order and category records
 * (order-record.ts), version 4 idempotency records (idempotency-line.ts), version 5 status-change
 * records (status-change-line.ts), version 6 event records (event-line.ts), pet-edit records
 * (pet-edit-line.ts) and profile fields on pet lines (pet-record.ts), version 7 application
 * records (application-line.ts); older journals are read as they are and never appended to.
 * Snapshot version 2 holds orders and categories after the pets, version 3 then the
 * idempotency records (each counted in its header), version 4 pet lines with profile fields,
 * then the events retention keeps, with the highest event sequence ever given and how far
 * retention has pruned, version 5 then the applications (counted in its header); written whole and renamed in,
 * snapshots need no commit records.
 */
export const JOURNAL_VERSION = 7;
const JOURNAL_VERSIONS_READ = [1, 2, 3, 4, 5, 6, 7];
/** The first journal version with order and category records. */
export const ORDERS_SINCE_VERSION = 3;
/** The first journal version with idempotency records. */
export const IDEMPOTENCY_SINCE_VERSION = 4;
/** The first journal version with status-change records. */
export const STATUS_CHANGES_SINCE_VERSION = 5;
/** The first journal version with event records. */
export const EVENTS_SINCE_VERSION = 6;
/** The first journal version with pet-edit records and profile fields. */
export const PET_EDITS_SINCE_VERSION = 6;
/** The first journal version with application records. */
export const APPLICATIONS_SINCE_VERSION = 7;
const SNAPSHOT_VERSION = 5;
const SNAPSHOT_VERSIONS_READ = [1, 2, 3, 4, 5];

export interface SnapshotHeader {
  /** Pets in the snapshot. */
  count: number;
  /** Order and category records after the pets (0 in a version 1 snapshot). */
  orders: number;
  categories: number;
  /** Idempotency records after those (0 before version 3). */
  idempotency: number;
  /** Event records after those (0 before version 4). */
  events: number;
  /** The highest event sequence ever given, and the highest retention dropped (0 before version 4). */
  eventSequence: number;
  eventsPrunedThrough: number;
  /** Application records after the events (0 before version 5). */
  applications: number;
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
  checkFormat(fields, SNAPSHOT_FORMAT, SNAPSHOT_VERSIONS_READ);
  const { count, nextJournal } = fields;
  const { orders = 0, categories = 0 } = fields.version === 1 ? {} : fields;
  const { idempotency = 0 } = (fields.version as number) < 3 ? {} : fields;
  const { events = 0, eventSequence = 0, eventsPrunedThrough = 0 } = (fields.version as number) < 4 ? {} : fields;
  const { applications = 0 } = (fields.version as number) < 5 ? {} : fields;
  const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
  const counts = [count, orders, categories, idempotency, events, eventSequence, eventsPrunedThrough, applications];
  if (!counts.every(isCount) || !isPositiveSafeInteger(nextJournal)) {
    throw new Error(
      "snapshot header lacks a valid count, orders, categories, idempotency, events, applications or nextJournal",
    );
  }
  return {
    count: count as number,
    orders: orders as number,
    categories: categories as number,
    idempotency: idempotency as number,
    events: events as number,
    eventSequence: eventSequence as number,
    eventsPrunedThrough: eventsPrunedThrough as number,
    applications: applications as number,
    nextJournal,
  };
}

function checkFormat(fields: Record<string, unknown>, format: string, versions: number[]): void {
  if (fields.format !== format) throw new Error(`expected a ${format} header, found ${JSON.stringify(fields.format)}`);
  if (!versions.includes(fields.version as number)) {
    const found = String(fields.version);
    throw new Error(`format version ${found} is not ${versions.join(" or ")}, what this version of the store reads`);
  }
}
