import "server-only";
import type { Category } from "@/lib/categories/schemas";
import type { Order } from "@/lib/orders/schemas";
import { compact, type CompactionHook } from "./compaction";
import type { StoreFs } from "./fs-layer";
import type { IdempotencyEntry } from "./idempotency-line";
import { Journal } from "./journal";
import type { StoreLogger } from "./logger";
import type { PetIndex } from "./pet-index";
import type { Memory } from "./write-batch";
import { nowMs } from "@/lib/clock";
import type { LoggedEvent } from "@/lib/events/event-log";
import type { ApplicationRecord } from "@/lib/applications/schemas";

export interface DataFilesState {
  /** Pets in the snapshot on disk. */
  snapshotCount: number;
  /** The first journal the snapshot does not contain. */
  firstJournal: number;
  /** The generation the next new journal gets. */
  nextJournal: number;
}

/** What the snapshot holds besides the pets, copied when the journal rotated. */
interface Copies {
  orders: Order[];
  categories: Category[];
  records: IdempotencyEntry[];
  events: LoggedEvent[];
  eventSequence: number;
  eventsPrunedThrough: number;
  applications: ApplicationRecord[];
}

/** An erasure waiting for the journals that held what it erased to be folded away. */
interface Fold {
  resolve: () => void;
  reject: (error: unknown) => void;
}

export interface CompactionPolicy {
  /** Pets the journals may hold before a compaction is considered. */
  compactAfterRecords: number;
  onStep: CompactionHook;
}

/**
 * The files of an open data directory: the journal appended to, and the compaction that
 * folds journals into a new snapshot. Compaction starts when the journals hold more pets
 * than half the snapshot (and at least `compactAfterRecords`): each pet is then rewritten
 * a bounded number of times, so the cost per create stays constant, and a reopen replays
 * at most half a snapshot's worth of journal. An erasure compacts at once (requestFold).
 */
export class DataFiles {
  private compaction: Promise<void> | undefined;
  /** Pets in the index at which to compact (pushed back after a failure). */
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
  async compactIfDue(memory: Memory): Promise<void> {
    const folds = this.folds.splice(0);
    if (folds.length > 0) return this.fold(memory, folds);
    const { index } = memory;
    if (this.compaction || this.closing || index.size < this.compactAt || !this.journal.isClean) return;
    try {
      await this.startCompaction(memory);
    } catch (error) {
      this.postpone(index, error);
    }
  }

  /**
   * Compacts now, for erasures: after a compaction already running (its snapshot was taken
   * before them), the journal rotates and everything before it is folded, the writes after
   * it going on meanwhile.
   */
  private async fold(memory: Memory, folds: Fold[]): Promise<void> {
    try {
      if (this.closing) throw new Error("the pet store is closing");
      await this.compaction;
      if (!this.journal.isClean) throw new Error("the journal is being repaired after a failed write");
      const { run } = await this.startCompaction(memory);
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
  private async startCompaction({
    index,
    book,
    idempotency,
    events,
    applications,
  }: Memory): Promise<{ run: Promise<void> }> {
    const next = await Journal.create(this.fsys, this.dir, this.state.nextJournal);
    this.state.nextJournal++;
    const previous = this.journal;
    this.journal = next;
    await previous.close().catch((error) => this.logger.warn(`pet store: closing ${previous.path}: ${String(error)}`));
    const count = index.size; // every pet in the journals before `next`
    // Copies now, between batches: later changes go to `next` and must not leak into the snapshot.
    const orders = book.allOrders();
    const categories = book.allCategories();
    const records = idempotency.live(nowMs());
    const kept = {
      events: events.all(),
      eventSequence: events.lastSequence,
      eventsPrunedThrough: events.prunedThrough,
      applications: applications.all(),
    };
    const run = this.runCompaction(index, count, next.generation, { orders, categories, records, ...kept });
    this.compaction = run.catch((error) => this.postpone(index, error)).finally(() => (this.compaction = undefined));
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
    index: PetIndex,
    count: number,
    nextJournal: number,
    { orders, categories, records, ...events }: Copies,
  ): Promise<void> {
    await this.policy.onStep("journal-rotated");
    await compact({
      fsys: this.fsys,
      dir: this.dir,
      source: { count, nextJournal, pet: (row) => index.pet(row), orders, categories, idempotency: records, ...events },
      firstJournal: this.state.firstJournal,
      onStep: this.policy.onStep,
      isCancelled: () => this.closing,
    });
    this.state.snapshotCount = count;
    this.state.firstJournal = nextJournal;
    this.compactAt = this.nextThreshold();
  }

  private nextThreshold(): number {
    const { snapshotCount } = this.state;
    return snapshotCount + Math.max(this.policy.compactAfterRecords, Math.ceil(snapshotCount / 2));
  }

  private postpone(index: PetIndex, error: unknown): void {
    if (this.closing) return;
    this.compactAt = index.size + this.policy.compactAfterRecords;
    this.logger.warn(`pet store: compaction failed, will retry later: ${String(error)}`);
  }
}
