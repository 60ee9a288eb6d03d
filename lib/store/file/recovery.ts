import "server-only";
import { syncDirectory, type StoreFs } from "./fs-layer";
import {
  APPLICATIONS_SINCE_VERSION,
  EVENTS_SINCE_VERSION,
  IDEMPOTENCY_SINCE_VERSION,
  ORDERS_SINCE_VERSION,
  PET_EDITS_SINCE_VERSION,
  STATUS_CHANGES_SINCE_VERSION,
  checkJournalHeader,
} from "./file-headers";
import { SNAPSHOT_FILE, inDir, isTempFile, journalGeneration, journalName } from "./layout";
import type { StoreLogger } from "./logger";
import { readSnapshot } from "./snapshot";
import { readStoreFile, type StoreFileReader } from "./read-store-file";
import type { RecordSink } from "./record-sink";

export interface RecoveredState {
  /** Pets in the snapshot; the rest came from journals. */
  snapshotCount: number;
  /** The first journal the snapshot does not contain. */
  firstJournal: number;
  /**
   * The newest journal, where its good records end and its format version (only the
   * current version is appended to), if any journal exists.
   */
  journal?: { generation: number; length: number; version: number };
  /**
   * Pets of a batch that never committed were read before it was cut: the caller must
   * read the directory again (the cut is on disk now) into a fresh index.
   */
  readUncommitted: boolean;
  /** The generation the next new journal gets. */
  nextJournal: number;
}

/**
 * Rebuilds the store's state from disk, applying the recovery rules:
 * - `*.tmp` files are unfinished snapshots or journals from a crash: removed unread.
 * - the snapshot names the first journal it does not contain; older journals are
 *   leftovers of a compaction that crashed after its rename and are removed, once
 *   everything else has been read successfully.
 * - the remaining journals must be consecutive and are replayed in order; only the last
 *   may end in an unacknowledged write (a batch with no commit record, or a torn record
 *   in a version 1 journal), which is logged and cut off.
 * - anything else wrong throws CorruptStoreFileError and nothing is modified.
 */
export async function recoverDataDir(
  fsys: StoreFs,
  dir: string,
  sink: RecordSink,
  logger: StoreLogger,
): Promise<RecoveredState> {
  const names = await fsys.readdir(dir);
  const snapshot = names.includes(SNAPSHOT_FILE) ? await readSnapshot(fsys, dir, sink) : { count: 0, nextJournal: 1 };

  const generations = names
    .map(journalGeneration)
    .filter((generation) => generation !== undefined)
    .sort((a, b) => a - b);
  const covered = generations.filter((generation) => generation < snapshot.nextJournal);
  const live = generations.filter((generation) => generation >= snapshot.nextJournal);
  live.forEach((generation, i) => {
    const expected = snapshot.nextJournal + i;
    if (generation !== expected) {
      throw new Error(`pet store data directory ${dir} is missing ${journalName(expected)}; refusing to open`);
    }
  });

  let journal: RecoveredState["journal"];
  let readUncommitted = false;
  for (const [i, generation] of live.entries()) {
    const isLast = i === live.length - 1;
    const replayed = await replayJournal(fsys, dir, generation, sink, isLast, logger);
    if (isLast) {
      journal = { generation, length: replayed.length, version: replayed.version };
      readUncommitted = replayed.petsCut > 0;
    }
  }

  // Everything read cleanly: only now remove what recovery does not need.
  for (const name of names.filter(isTempFile)) {
    logger.info(`pet store: removing ${inDir(dir, name)}, an unfinished file from an earlier crash`);
    await fsys.unlink(inDir(dir, name));
  }
  for (const generation of covered) await fsys.unlink(inDir(dir, journalName(generation)));
  if (covered.length > 0 || names.some(isTempFile)) await syncDirectory(fsys, dir);
  const nextJournal = (live.at(-1) ?? snapshot.nextJournal - 1) + 1;
  return { snapshotCount: snapshot.count, firstJournal: snapshot.nextJournal, journal, nextJournal, readUncommitted };
}

/**
 * Replays one journal, cutting an unacknowledged end; returns the length of its good
 * records, its version, and how many records read from it were then cut.
 */
async function replayJournal(
  fsys: StoreFs,
  dir: string,
  generation: number,
  sink: RecordSink,
  mayCut: boolean,
  logger: StoreLogger,
): Promise<{ length: number; version: number; petsCut: number }> {
  const path = inDir(dir, journalName(generation));
  let version = 0;
  const onHeader = (fields: Record<string, unknown>) => (version = checkJournalHeader(fields, generation)) >= 2;
  const reader: StoreFileReader = { onHeader, onPet: sink.onPet };
  // Order and category records belong to version 3 on; in an older journal they are damage.
  if (sink.onOrder) reader.onOrder = (order) => withVersion(version, () => sink.onOrder?.(order));
  if (sink.onCategory) reader.onCategory = (category) => withVersion(version, () => sink.onCategory?.(category));
  // Idempotency records belong to version 4 on.
  if (sink.onIdempotency) {
    reader.onIdempotency = (entry) => {
      if (version < IDEMPOTENCY_SINCE_VERSION) {
        throw new Error(`a version ${version} journal cannot hold idempotency records`);
      }
      sink.onIdempotency?.(entry);
    };
  }
  if (sink.onStatusChange) {
    reader.onStatusChange = (change) => {
      if (version < STATUS_CHANGES_SINCE_VERSION) {
        throw new Error(`a version ${version} journal cannot hold status-change records`);
      }
      sink.onStatusChange?.(change);
    };
  }
  if (sink.onEvent) {
    reader.onEvent = (logged) => {
      if (version < EVENTS_SINCE_VERSION) throw new Error(`a version ${version} journal cannot hold event records`);
      sink.onEvent?.(logged);
    };
  }
  if (sink.onPetEdit) {
    reader.onPetEdit = (edit) => {
      if (version < PET_EDITS_SINCE_VERSION)
        throw new Error(`a version ${version} journal cannot hold pet-edit records`);
      sink.onPetEdit?.(edit);
    };
  }
  if (sink.onApplication) {
    reader.onApplication = (record) => {
      if (version < APPLICATIONS_SINCE_VERSION) {
        throw new Error(`a version ${version} journal cannot hold application records`);
      }
      sink.onApplication?.(record, { inSnapshot: false });
    };
  }
  const cut = await readStoreFile(fsys, path, reader, mayCut);
  const batched = version >= 2;
  const fd = await fsys.open(path, "r+");
  try {
    const size = await fsys.size(fd);
    if (!cut) return { length: size, version, petsCut: 0 };
    const what = batched ? "a batch that was never committed" : "an incomplete or damaged record";
    logger.warn(
      `pet store: ${path} ends in ${what} at byte ${cut.offset} (line ${cut.lineNumber}: ${cut.reason}); ` +
        `dropping its ${size - cut.offset} bytes, which were never acknowledged`,
    );
    await fsys.ftruncate(fd, cut.offset);
    await fsys.fsync(fd);
    return { length: cut.offset, version, petsCut: cut.petsRead };
  } finally {
    await fsys.close(fd);
  }
}

function withVersion(version: number, apply: () => void): void {
  if (version < ORDERS_SINCE_VERSION) throw new Error(`a version ${version} journal cannot hold orders or categories`);
  apply();
}
