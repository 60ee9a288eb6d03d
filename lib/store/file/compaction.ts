import "server-only";
import { syncDirectory, type StoreFs } from "./fs-layer";
import { inDir, journalName } from "./layout";
import { installSnapshot, writeSnapshotTemp, type SnapshotSource } from "./engine/snapshot";

/** Points between compaction's disk steps, for tests that simulate a crash at each. */
export type CompactionStep = "journal-rotated" | "snapshot-written" | "snapshot-installed" | "journals-removed";
export type CompactionHook = (step: CompactionStep) => void | Promise<void>;

export interface Compaction {
  fsys: StoreFs;
  dir: string;
  /** What the journals before `source.nextJournal` hold, copied section by section. */
  source: SnapshotSource;
  /** The first journal the current snapshot does not contain. */
  firstJournal: number;
  onStep: CompactionHook;
  isCancelled: () => boolean;
}

/**
 * Folds the journals before `source.nextJournal` (already rotated out, so nothing appends
 * to them) into a new snapshot. Until the rename the old snapshot and journals are the
 * truth; after it the new snapshot is, and the old journals are deleted as redundant.
 * A crash at any point leaves one of those two consistent states (plus a stray .tmp).
 */
export async function compact(job: Compaction): Promise<void> {
  const temp = await writeSnapshotTemp(job.fsys, job.dir, job.source, job.isCancelled);
  await job.onStep("snapshot-written");
  await installSnapshot(job.fsys, job.dir, temp);
  await job.onStep("snapshot-installed");
  for (let generation = job.firstJournal; generation < job.source.nextJournal; generation++) {
    await job.fsys.unlink(inDir(job.dir, journalName(generation))).catch(ignoreMissing);
  }
  await syncDirectory(job.fsys, job.dir);
  await job.onStep("journals-removed");
}

function ignoreMissing(error: NodeJS.ErrnoException): void {
  if (error.code !== "ENOENT") throw error;
}
