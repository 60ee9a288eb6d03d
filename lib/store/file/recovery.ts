import "server-only";
import { syncDirectory, type StoreFs } from "./fs-layer";
import { checkJournalHeader } from "./file-headers";
import { SNAPSHOT_FILE, inDir, isTempFile, journalGeneration, journalName } from "./layout";
import type { StoreLogger } from "./logger";
import type { PetLine } from "./pet-record";
import { readSnapshot } from "./snapshot";
import { readStoreFile } from "./read-store-file";

export interface RecoveredState {
  /** Pets in the snapshot; the rest came from journals. */
  snapshotCount: number;
  /** The first journal the snapshot does not contain. */
  firstJournal: number;
  /**
   * The newest journal, where its good records end and whether it is batched (version
   * 2; new pets may be appended to it), if any journal exists.
   */
  journal?: { generation: number; length: number; batched: boolean };
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
  onPet: (pet: PetLine) => void,
  logger: StoreLogger,
): Promise<RecoveredState> {
  const names = await fsys.readdir(dir);
  const snapshot = names.includes(SNAPSHOT_FILE) ? await readSnapshot(fsys, dir, onPet) : { count: 0, nextJournal: 1 };

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
    const replayed = await replayJournal(fsys, dir, generation, onPet, isLast, logger);
    if (isLast) {
      journal = { generation, length: replayed.length, batched: replayed.batched };
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
 * records, whether it is batched, and how many pets read from it were then cut.
 */
async function replayJournal(
  fsys: StoreFs,
  dir: string,
  generation: number,
  onPet: (pet: PetLine) => void,
  mayCut: boolean,
  logger: StoreLogger,
): Promise<{ length: number; batched: boolean; petsCut: number }> {
  const path = inDir(dir, journalName(generation));
  let batched = false;
  const onHeader = (fields: Record<string, unknown>) => (batched = checkJournalHeader(fields, generation) >= 2);
  const cut = await readStoreFile(fsys, path, { onHeader, onPet }, mayCut);
  const fd = await fsys.open(path, "r+");
  try {
    const size = await fsys.size(fd);
    if (!cut) return { length: size, batched, petsCut: 0 };
    const what = batched ? "a batch that was never committed" : "an incomplete or damaged record";
    logger.warn(
      `pet store: ${path} ends in ${what} at byte ${cut.offset} (line ${cut.lineNumber}: ${cut.reason}); ` +
        `dropping its ${size - cut.offset} bytes, which were never acknowledged`,
    );
    await fsys.ftruncate(fd, cut.offset);
    await fsys.fsync(fd);
    return { length: cut.offset, batched, petsCut: cut.petsRead };
  } finally {
    await fsys.close(fd);
  }
}
