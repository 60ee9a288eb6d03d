import "server-only";
import { compact, type CompactionHook } from "@/lib/store/file/compaction";
import type { StoreFs } from "@/lib/store/file/fs-layer";
import { Journal } from "@/lib/store/file/journal";
import type { StoreLogger } from "@/lib/store/file/logger";
import { nowMs } from "@/lib/clock";
import type { PartStates } from "./part-states";
import type { AnyPart, SectionCopy } from "./part";

export interface DataFilesState {
  /** The size (PartStates.size) of what the snapshot on disk holds. */
  snapshotSize: number;
  /** The first journal the snapshot does not contain. */
  firstJournal: number;
  /** The generation the next new journal gets. */
  nextJournal: number;
}

/** An erasure waiting for the journals that held what it erased to be folded away. */
interface Fold {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface CompactionPolicy {
  /** Records (PartStates.size) the journals may add before a compaction is considered. */
  compactAfterRecords: number;
  onStep: CompactionHook;
}

/**
 * The files of an open data directory: the journal appended to, and the compaction that
 * folds journals into a new snapshot. Compaction starts when the journals hold more records
 * than half the snapshot (and at least `compactAfterRecords`): each pet is then rewritten
 * a bounded number of times, so the cost per create stays constant, and a reopen replays
 * at most half a snapshot's worth of journal. An erasure compacts at once (requestFold).
 */
export class DataFiles {
  private compaction: Promise<void> | undefined;
  /** The size at which to compact (pushed back after a failure). */
  private compactAt: number;
  private closing = false;
  private folds: Fold[] = [];

  constructor(
    private readonly fsys: StoreFs,
    private readonly dir: string,
    private readonly logger: StoreLogger,
    private readonly policy: CompactionPolicy,
    private journal: Journal,
    private readonly state: DataFilesState,
    /** The format version new journals are written in. */
    private readonly journalVersion: number,
  ) {
    this.compactAt = this.nextThreshold();
  }

  /** Appends records durably; throws the file-system error. */
  append(data: Uint8Array): Promise<void> {
    return this.journal.append(data);
  }

  /**
   * Resolves once every journal appended to so far has been folded into a new snapshot and
   * deleted, so that no file keeps what an erasure removed (docs/decisions/192). Ask after
   * the erasure's batch is durable and before the group committer's afterBatch, which starts
   * the compaction (FileStore.commit does); rejects when that compaction fails.
   */
  requestFold(): Promise<void> {
    return new Promise((resolve, reject) => this.folds.push({ resolve, reject }));
  }

  /**
   * Must run between appends (the group committer's afterBatch), so rotating the journal
   * never races a write. The snapshot is then written in the background while new
   * creates go to the new journal.
   */
  async compactIfDue(states: PartStates): Promise<void> {
    const folds = this.folds.splice(0);
    if (folds.length > 0) return this.fold(states, folds);
    if (this.compaction || this.closing || states.size < this.compactAt || !this.journal.isClean) return;
    try {
      await this.startCompaction(states);
    } catch (error) {
      this.postpone(states, error);
    }
  }

  /**
   * Compacts now, for erasures: after a compaction already running (its snapshot was taken
   * before them), the journal rotates and everything before it is folded, the writes after
   * it going on meanwhile.
   */
  private async fold(states: PartStates, folds: Fold[]): Promise<void> {
    try {
      if (this.closing) throw new Error("the pet store is closing");
      await this.compaction;
      if (!this.journal.isClean) throw new Error("the journal is being repaired after a failed write");
      const { run } = await this.startCompaction(states);
      void run.then(
        () => folds.forEach((fold) => fold.resolve()),
        (error: unknown) => folds.forEach((fold) => fold.reject(error)),
      );
    } catch (error) {
      for (const fold of folds) fold.reject(error);
    }
  }

  /**
   * Rotates the journal (throws when it cannot) and starts folding the journals before it
   * into a snapshot in the background; resolves with that compaction's outcome.
   */
  private async startCompaction(states: PartStates): Promise<{ run: Promise<void> }> {
    const next = await Journal.create(this.fsys, this.dir, this.state.nextJournal, this.journalVersion);
    this.state.nextJournal++;
    const previous = this.journal;
    this.journal = next;
    await previous.close().catch((error) => this.logger.warn(`pet store: closing ${previous.path}: ${String(error)}`));
    // Copies now, between batches: later changes go to `next` and must not leak into the snapshot.
    const size = states.size;
    const now = nowMs();
    const parts = states.parts.filter((part) => part.snapshot);
    const copies = parts.map((part) => (part.snapshot as NonNullable<AnyPart["snapshot"]>).take(states.of(part), now));
    const run = this.runCompaction(size, next.generation, parts, copies);
    this.compaction = run.catch((error) => this.postpone(states, error)).finally(() => (this.compaction = undefined));
    return { run };
  }

  /** Stops a running compaction at its next chunk (its temp file is removed) and closes. */
  async close(): Promise<void> {
    this.closing = true;
    for (const fold of this.folds.splice(0)) fold.reject(new Error("the pet store is closing"));
    await this.compaction;
    await this.journal.close(); // every batch was already fdatasync'd
  }

  private async runCompaction(
    size: number,
    nextJournal: number,
    parts: readonly AnyPart[],
    copies: readonly SectionCopy[],
  ): Promise<void> {
    await this.policy.onStep("journal-rotated");
    const sections = parts.map((part) => part.snapshot as NonNullable<AnyPart["snapshot"]>);
    await compact({
      fsys: this.fsys,
      dir: this.dir,
      source: { sections, copies, nextJournal },
      firstJournal: this.state.firstJournal,
      onStep: this.policy.onStep,
      isCancelled: () => this.closing,
    });
    this.state.snapshotSize = size;
    this.state.firstJournal = nextJournal;
    this.compactAt = this.nextThreshold();
  }

  private nextThreshold(): number {
    const { snapshotSize } = this.state;
    return snapshotSize + Math.max(this.policy.compactAfterRecords, Math.ceil(snapshotSize / 2));
  }

  private postpone(states: PartStates, error: unknown): void {
    if (this.closing) return;
    this.compactAt = states.size + this.policy.compactAfterRecords;
    this.logger.warn(`pet store: compaction failed, will retry later: ${String(error)}`);
  }
}
