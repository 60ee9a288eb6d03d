import "server-only";
import path from "node:path";
import { StoreUnavailableError } from "@/lib/errors/store-errors";
import { nowMs } from "@/lib/clock";
import { observeBatchSize } from "@/lib/ops/metrics";
import { encodeCommitLine } from "@/lib/store/file/commit-record";
import type { CompactionHook } from "@/lib/store/file/compaction";
import { nodeFs, type StoreFs } from "@/lib/store/file/fs-layer";
import { GroupCommitter } from "@/lib/store/file/group-commit";
import { Journal } from "@/lib/store/file/journal";
import { journalName } from "@/lib/store/file/layout";
import { lockDirectory, type DirectoryLock } from "@/lib/store/file/lock";
import { consoleLogger, type StoreLogger } from "@/lib/store/file/logger";
import { Batch, type Outcome } from "./batch";
import { DataFiles } from "./data-files";
import { PartStates, PartTable } from "./part-states";
import type { AnyPart, Op } from "./part";
import { recoverDataDir } from "./recovery";

/*
 * The file engine of one data directory (docs/decisions/245): takes the directory's lock
 * (one writer per directory), reads the snapshot and journals back into the parts' states,
 * cutting what a crash left unacknowledged, and commits units of work: each group commit's
 * ops, of any parts, in one write and one fdatasync, applied once durable. It knows no
 * resource: the parts (lib/composition/file-parts.ts) do. Why: docs/decisions/008, 020, 021; the format:
 * docs/data-directory.md.
 */

export interface EngineOptions {
  /** Records (Part.size) the journals may hold before a compaction is considered. Default 100 000. */
  compactAfterRecords?: number;
  /** File-system calls, replaceable to inject faults in tests. */
  fs?: StoreFs;
  logger?: StoreLogger;
  /** Called between compaction steps (tests copy the directory there to fake a crash). */
  onCompactionStep?: CompactionHook;
  /** Read by the parts (PetIndex's name index…). */
  partOptions?: Readonly<Record<string, unknown>>;
}

const DEFAULT_COMPACT_AFTER = 100_000;

export class FileEngine {
  private readonly writer = new GroupCommitter<Op, Outcome>(
    (ops) => {
      observeBatchSize("file", ops.length);
      return this.commit(ops);
    },
    () => this.files.compactIfDue(this.states),
  );
  private closing: Promise<void> | undefined;

  private constructor(
    readonly states: PartStates,
    private readonly table: PartTable,
    private readonly files: DataFiles,
    private readonly lock: DirectoryLock,
  ) {}

  static async open(dir: string, parts: readonly AnyPart[], options: EngineOptions = {}): Promise<FileEngine> {
    const fsys = options.fs ?? nodeFs;
    const logger = options.logger ?? consoleLogger;
    const table = new PartTable(parts);
    // 0700: pets and the generated API key are the operator's business alone.
    await fsys.mkdir(path.resolve(dir), 0o700);
    // The real path, so two spellings of one directory (symlinks, "..") count as one.
    const root = await fsys.realpath(dir);
    const lock = await lockDirectory(fsys, root, logger);
    try {
      const openedAt = nowMs();
      const fresh = () => new PartStates(parts, options.partOptions ?? {});
      let states = fresh();
      let state = await recoverDataDir(fsys, root, table, states, logger, openedAt);
      if (state.readUncommitted) {
        // Records of a batch were read before its missing commit record showed it was never
        // acknowledged. The cut is on disk now: read everything again into fresh states
        // (rare, after a crash, and it keeps the pets' index append-only).
        states = fresh();
        state = await recoverDataDir(fsys, root, table, states, logger, openedAt);
      }
      const newest = table.journalVersion;
      const version = state.journal?.version;
      if (state.journal && version !== newest) {
        logger.info(
          `pet store: ${journalName(state.journal.generation)} is format version ${version}; new records ` +
            `go to a version ${newest} journal, and the next compaction folds the old one into the snapshot`,
        );
      }
      // Only the current format is appended to: a journal never mixes two formats.
      const journal =
        state.journal && version === newest
          ? await Journal.open(fsys, root, state.journal.generation, state.journal.length)
          : await Journal.create(fsys, root, state.nextJournal++, newest);
      for (const part of parts) {
        const adoption = await part.adopt?.(states.of(part), { fsys, dir: root, openedAt, logger });
        if (!adoption) continue;
        if (adoption.lines.length > 0) {
          await journal.append(Buffer.from(adoption.lines.join("") + encodeCommitLine(adoption.lines.length)));
          adoption.apply();
        }
        await adoption.done();
      }
      for (const part of parts) part.opened?.(states.of(part));
      const policy = {
        compactAfterRecords: options.compactAfterRecords ?? DEFAULT_COMPACT_AFTER,
        onStep: options.onCompactionStep ?? (() => undefined),
      };
      const files = new DataFiles(fsys, root, logger, policy, journal, state, newest);
      await foldIfOwed(parts, states, files, logger);
      return new FileEngine(states, table, files, lock);
    } catch (error) {
      await lock.release();
      throw error;
    }
  }

  /** Commits the op in the next unit of work; its answer, or throws its refusal. */
  async write<Value>(op: Op): Promise<Value> {
    const outcome = await this.writer.submit(op);
    if ("error" in outcome) throw outcome.error;
    return outcome.value as Value;
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    await this.writer.idle();
    try {
      await this.files.close();
    } finally {
      await this.lock.release();
    }
  }

  /**
   * Writes one unit of work; ids are taken while deciding, so a failed batch burns its ids
   * while this process runs (gaps, no reuse). A restart continues after the highest id on
   * disk: no client saw a failed batch's ids (docs/decisions/022-ids-after-restart.md).
   */
  private async commit(ops: Op[]): Promise<Outcome[]> {
    const batch = new Batch(this.states, new Date(nowMs()).toISOString());
    const outcomes = batch.decide(ops, this.table.partOf);
    if (batch.lines.length > 0) {
      try {
        // One write and one fdatasync for the records and the commit record that closes them.
        await this.files.append(Buffer.from(batch.lines.join("") + encodeCommitLine(batch.lines.length)));
      } catch (error) {
        throw new StoreUnavailableError(error);
      }
    }
    batch.apply(() => this.files.requestFold());
    return outcomes;
  }
}

/**
 * A part owes a fold (a journal read at open erased what an older line holds, and the process
 * ended before its fold): folds now, before the store serves, and tells the part how it went.
 */
async function foldIfOwed(parts: readonly AnyPart[], states: PartStates, files: DataFiles, logger: StoreLogger) {
  const owing = parts.filter((part) => part.owesFold?.(states.of(part)) !== undefined);
  if (owing.length === 0) return;
  const why = owing.map((part) => part.owesFold?.(states.of(part))).join(" and ");
  const folded = files.requestFold();
  await files.compactIfDue(states);
  let failed = false;
  try {
    await folded;
    logger.info(`pet store: folded the journals of ${why} into the snapshot`);
  } catch (error) {
    failed = true;
    logger.warn(`pet store: folding the journals of ${why} failed, will retry: ${String(error)}`);
  }
  for (const part of owing) part.foldSettled?.(states.of(part), failed);
}
