import "server-only";
import type { CompactionHook } from "@/lib/store/file/compaction";
import { FileEngine } from "@/lib/store/file/engine/file-engine";
import type { StoreFs } from "@/lib/store/file/fs-layer";
import type { StoreLogger } from "@/lib/store/file/logger";
import { DEFAULT_EVENT_RETENTION_DAYS } from "@/lib/events/retention";
import { FILE_OPEN_STEPS, FILE_PARTS } from "./file-parts";
import { FileStore } from "./file-pet-store";

/*
 * Opens the embedded pet store (./file-pet-store.ts) on the file engine (lib/store/file/engine/), with
 * the parts of ./file-parts.ts. Why: docs/decisions/008, 020, 021, 245; the format: docs/data-directory.md.
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
  /** The shelter's zone (PETSTORE_TIME_ZONE): the record's days are its. Default UTC. */
  timeZone?: string;
  /**
   * Whether a pet created without an intake, and each pet found without a stay at open, gets
   * its first stay (docs/decisions/254). Default true; false only for the stay store's
   * contract, which records stays one by one on pets that have none.
   */
  firstStays?: boolean;
}

/** The store's ports; `.engine` is the file engine under them, for another resource's file adapter. */
export async function openFileStore(dir: string, options: FileStoreOptions = {}): Promise<FileStore> {
  const { eventRetentionDays = DEFAULT_EVENT_RETENTION_DAYS, nameIndex = true, ...rest } = options;
  const { timeZone, firstStays, ...engineOptions } = rest;
  const partOptions = { nameIndex, timeZone, firstStays };
  const engine = await FileEngine.open(dir, FILE_PARTS, { ...engineOptions, partOptions });
  try {
    // An op answers whether it wrote: one that could not would otherwise be written forever.
    for (const { op, due } of FILE_OPEN_STEPS) while (due(engine.states) && (await engine.write<boolean>(op)));
  } catch (error) {
    await engine.close();
    throw error;
  }
  return new FileStore(engine, eventRetentionDays * 86_400_000);
}
