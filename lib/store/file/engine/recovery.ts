import "server-only";
import { syncDirectory, type StoreFs } from "@/lib/store/file/fs-layer";
import { SNAPSHOT_FILE, inDir, isTempFile, journalGeneration, journalName } from "@/lib/store/file/layout";
import type { StoreLogger } from "@/lib/store/file/logger";
import { checkJournalHeader } from "./headers";
import { readSnapshot } from "./snapshot";
import { readStoreFile, type StoreFileReader } from "./read-store-file";
import type { PartStates, PartTable } from "./part-states";

export interface RecoveredState {
  /** The size (PartStates.size) of what the snapshot holds; the rest came from journals. */
  snapshotSize: number;
  /** The first journal the snapshot does not contain. */
  firstJournal: number;
  /**
   * The newest journal, where its good records end and its format version (only the
   * current version is appended to), if any journal exists.
   */
  journal?: { generation: number; length: number; version: number };
  /**
   * Records of a batch that never committed were read before it was cut: the caller must
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
  table: PartTable,
  states: PartStates,
  logger: StoreLogger,
  openedAt: number,
): Promise<RecoveredState> {
  const names = await fsys.readdir(dir);
  const snapshot = names.includes(SNAPSHOT_FILE)
    ? await readSnapshot(fsys, dir, table, states, openedAt)
    : { nextJournal: 1 };
  const snapshotSize = states.size;

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
    const replayed = await replayJournal(fsys, dir, generation, { table, states, openedAt }, isLast, logger);
    if (isLast) {
      journal = { generation, length: replayed.length, version: replayed.version };
      readUncommitted = replayed.recordsCut > 0;
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
  return { snapshotSize, firstJournal: snapshot.nextJournal, journal, nextJournal, readUncommitted };
}

/**
 * Replays one journal, cutting an unacknowledged end; returns the length of its good
 * records, its version, and how many records read from it were then cut.
 */
async function replayJournal(
  fsys: StoreFs,
  dir: string,
  generation: number,
  { table, states, openedAt }: { table: PartTable; states: PartStates; openedAt: number },
  mayCut: boolean,
  logger: StoreLogger,
): Promise<{ length: number; version: number; recordsCut: number }> {
  const path = inDir(dir, journalName(generation));
  let version = 0;
  const onHeader = (fields: Record<string, unknown>) =>
    (version = checkJournalHeader(fields, generation, table.journalVersion)) >= 2;
  const context = { inSnapshot: false, openedAt, stateOf: states.of.bind(states) };
  const reader: StoreFileReader = {
    onHeader,
    onRecord(kind, part, record) {
      // A kind newer than the journal's format is damage, not a record.
      if (version < kind.since) throw new Error(`a version ${version} journal cannot hold ${kind.noun}`);
      kind.fold(states.of(part), record, context);
    },
  };
  const cut = await readStoreFile(fsys, path, table, reader, mayCut);
  const batched = version >= 2;
  const fd = await fsys.open(path, "r+");
  try {
    const size = await fsys.size(fd);
    if (!cut) return { length: size, version, recordsCut: 0 };
    const what = batched ? "a batch that was never committed" : "an incomplete or damaged record";
    logger.warn(
      `pet store: ${path} ends in ${what} at byte ${cut.offset} (line ${cut.lineNumber}: ${cut.reason}); ` +
        `dropping its ${size - cut.offset} bytes, which were never acknowledged`,
    );
    await fsys.ftruncate(fd, cut.offset);
    await fsys.fsync(fd);
    return { length: cut.offset, version, recordsCut: cut.recordsRead };
  } finally {
    await fsys.close(fd);
  }
}
