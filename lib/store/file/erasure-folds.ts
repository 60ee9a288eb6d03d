import "server-only";
import { StoreUnavailableError } from "@/lib/errors/store-errors";
import type { ApplicationBook } from "./application-book";
import type { ApplicationRecord } from "@/lib/applications/schemas";
import type { DataFiles } from "./data-files";
import type { StoreLogger } from "./logger";
import type { Memory, Outcome, WriteOp } from "./write-batch";

/**
 * What makes an erasure real in an append-only store (docs/decisions/192): after the batch
 * that writes the erased records, a fold (a compaction at once) rewrites the snapshot and
 * deletes the journals that held the answers. The erasure's caller waits for it.
 */
export interface Erasure {
  erased: number[];
  /** The fold that removes the erased data from the files; none when nothing was to fold. */
  folded: Promise<void> | undefined;
}

export class ErasureFolds {
  constructor(
    private readonly files: DataFiles,
    /** An erasure is not yet folded away (a fold failed): the next erasure folds, even with nothing new. */
    private owed: boolean,
  ) {}

  /**
   * Gives each erasure op's answer the fold it waits for, asked for now, after its batch is
   * durable and before the group committer's afterBatch starts it (DataFiles.requestFold).
   */
  attach(ops: WriteOp[], outcomes: Outcome[]): void {
    let folded: Promise<void> | undefined;
    ops.forEach((op, i) => {
      const outcome = outcomes[i] as Outcome;
      if (op.kind !== "erase-applications" || "error" in outcome) return;
      const erased = outcome.value as number[];
      if (erased.length > 0 || this.owed) folded ??= this.files.requestFold().then(() => void (this.owed = false));
      outcomes[i] = { value: { erased, folded } satisfies Erasure };
    });
  }

  /** The erased ids once their fold is done; StoreUnavailableError when it failed (the next erasure retries). */
  async done({ erased, folded }: Erasure): Promise<number[]> {
    try {
      await folded;
    } catch (error) {
      this.owed = true;
      throw new StoreUnavailableError(error);
    }
    return erased;
  }
}

/** Whether a journal's application line drops a personal part an earlier line holds (read at open). */
export function erasesHeldData(book: ApplicationBook, record: ApplicationRecord, inSnapshot = false): boolean {
  return !inSnapshot && !record.personal && book.get(record.id)?.personal !== undefined;
}

/**
 * A journal read at open erased what an older line holds (the process ended before its
 * fold): folds now, before the store serves. Resolves whether the fold is still owed.
 */
export async function foldAtOpen(files: DataFiles, memory: Memory, logger: StoreLogger): Promise<boolean> {
  const folded = files.requestFold();
  await files.compactIfDue(memory);
  try {
    await folded;
    logger.info("pet store: folded the journals of an earlier erasure into the snapshot");
    return false;
  } catch (error) {
    logger.warn(`pet store: folding the journals of an earlier erasure failed, will retry: ${String(error)}`);
    return true;
  }
}
