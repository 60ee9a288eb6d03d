import "server-only";
import path from "node:path";
import type { PetStore } from "@/lib/store/pet-store";
import { encodeCommitLine } from "./commit-record";
import { encodeIdempotencyLine } from "./idempotency-line";
import { readLegacyIdempotency, removeLegacyIdempotency } from "./legacy-idempotency";
import type { CompactionHook } from "./compaction";
import { DataFiles } from "./data-files";
import { nodeFs, type StoreFs } from "./fs-layer";
import { Journal } from "./journal";
import { JOURNAL_VERSION } from "./file-headers";
import { IdempotencyBook } from "./idempotency-book";
import { journalName } from "./layout";
import { lockDirectory } from "./lock";
import { consoleLogger, type StoreLogger } from "./logger";
import { OrderBook } from "./order-book";
import { PetIndex } from "./pet-index";
import { recoverDataDir } from "./recovery";
import type { RecordSink } from "./record-sink";
import { applyOrder, type Memory } from "./write-batch";
import { nowMs } from "@/lib/clock";
import { EventBook } from "./event-book";
import { DEFAULT_EVENT_RETENTION_DAYS } from "@/lib/events/retention";
import { ApplicationBook } from "./application-book";
import { ErasureFolds, erasesHeldData, foldAtOpen } from "./erasure-folds";
import { FileStore } from "./file-pet-store";

/*
 * Opens the embedded pet store (./file-pet-store.ts): takes the directory's lock (one writer
 * per directory), reads the snapshot and journals back into memory, cutting what a crash
 * left unacknowledged, and picks the journal new batches go to. Why: docs/decisions/008,
 * 020, 021; the format: docs/data-directory.md.
 */

export interface FileStoreOptions {
  /** Pets the journals may hold before a compaction is considered. Default 100 000. */
  compactAfterRecords?: number;
  /** File-system calls, replaceable to inject faults in tests. */
  fs?: StoreFs;
  logger?: StoreLogger;
  /** Called between compaction steps (tests copy the directory there to fake a crash). */
  onCompactionStep?: CompactionHook;
  /** How long events are kept (PETSTORE_EVENT_RETENTION_DAYS). Default 30. */
  eventRetentionDays?: number;
  /**
   * Whether a name search goes through the trigram index (default true). False only for
   * `npm run bench:search`'s figures without it: every search then walks the names.
   */
  nameIndex?: boolean;
}

const DEFAULT_COMPACT_AFTER = 100_000;

export async function openFileStore(dir: string, options: FileStoreOptions = {}): Promise<PetStore> {
  const fsys = options.fs ?? nodeFs;
  const logger = options.logger ?? consoleLogger;
  // 0700: pets and the generated API key are the operator's business alone.
  await fsys.mkdir(path.resolve(dir), 0o700);
  // The real path, so two spellings of one directory (symlinks, "..") count as one.
  const root = await fsys.realpath(dir);
  const lock = await lockDirectory(fsys, root, logger);
  try {
    const fresh = (): Memory => ({
      index: new PetIndex({ nameIndex: options.nameIndex ?? true }),
      book: new OrderBook(),
      idempotency: new IdempotencyBook(),
      events: new EventBook(),
      applications: new ApplicationBook(),
    });
    // Whether a journal erases personal data an older line holds: then it is folded away at once.
    let foldOwed = false;
    const now = nowMs();
    let memory = fresh();
    const sink = ({ index, book, idempotency, events, applications }: Memory): RecordSink => ({
      onPet: (line) => index.addLine(line),
      onOrder: (order, options) => applyOrder(index, book, order, options?.petStatusKept),
      onCategory: (category) => book.putCategory(category),
      onIdempotency: (entry) => entry.expiresAt > now && idempotency.put(entry),
      onStatusChange: (change) => index.setStatus(change.petId, change.status),
      onEvent: (logged) => events.add(logged),
      onEventCounters: ({ eventSequence, eventsPrunedThrough }) => {
        events.lastSequence = eventSequence;
        events.prunedThrough = eventsPrunedThrough;
      },
      onPetEdit: (edit) => index.edit(edit),
      onApplication: (record, options) => {
        if (erasesHeldData(applications, record, options?.inSnapshot)) foldOwed = true;
        applications.put(record);
      },
    });
    let state = await recoverDataDir(fsys, root, sink(memory), logger);
    if (state.readUncommitted) {
      // Records of a batch were read before its missing commit record showed it was never
      // acknowledged. The cut is on disk now: read everything again into a fresh index
      // (rare, after a crash, and it keeps the index append-only).
      memory = fresh();
      state = await recoverDataDir(fsys, root, sink(memory), logger);
    }
    const version = state.journal?.version;
    if (state.journal && version !== JOURNAL_VERSION) {
      logger.info(
        `pet store: ${journalName(state.journal.generation)} is format version ${version}; new records ` +
          `go to a version ${JOURNAL_VERSION} journal, and the next compaction folds the old one into the snapshot`,
      );
    }
    // Only the current format is appended to: a journal never mixes two formats.
    const journal =
      state.journal && version === JOURNAL_VERSION
        ? await Journal.open(fsys, root, state.journal.generation, state.journal.length)
        : await Journal.create(fsys, root, state.nextJournal++);
    // Decision 092's idempotency.jsonl: its answers move into the journal, one batch, then it goes.
    const legacy = await readLegacyIdempotency(fsys, root, now);
    if (legacy) {
      if (legacy.length > 0) {
        await journal.append(Buffer.from(legacy.map(encodeIdempotencyLine).join("") + encodeCommitLine(legacy.length)));
        for (const entry of legacy) memory.idempotency.put(entry);
      }
      await removeLegacyIdempotency(fsys, root);
      logger.info(`pet store: moved ${legacy.length} Idempotency-Key answers from idempotency.jsonl into the journal`);
    }
    const policy = {
      compactAfterRecords: options.compactAfterRecords ?? DEFAULT_COMPACT_AFTER,
      onStep: options.onCompactionStep ?? (() => undefined),
    };
    const retentionMs = (options.eventRetentionDays ?? DEFAULT_EVENT_RETENTION_DAYS) * 86_400_000;
    const files = new DataFiles(fsys, root, logger, policy, journal, state);
    if (foldOwed) foldOwed = await foldAtOpen(files, memory, logger);
    return new FileStore(memory, files, lock, retentionMs, new ErasureFolds(files, foldOwed));
  } catch (error) {
    await lock.release();
    throw error;
  }
}
