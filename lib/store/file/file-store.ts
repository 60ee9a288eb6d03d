import "server-only";
import type { CompactionHook } from "./compaction";
import { FileEngine } from "./engine/file-engine";
import type { StoreFs } from "./fs-layer";
import type { StoreLogger } from "./logger";
import { DEFAULT_EVENT_RETENTION_DAYS } from "@/lib/events/retention";
import { FILE_PARTS } from "./file-parts";
import { FileStore } from "./file-pet-store";

/*
 * Opens the embedded pet store (./file-pet-store.ts) on the file engine (./engine/), with the
 * parts of ./file-parts.ts. Why: docs/decisions/008, 020, 021, 245; the format: docs/data-directory.md.
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

/** The store's ports; `.engine` is the file engine under them, for another resource's file adapter. */
export async function openFileStore(dir: string, options: FileStoreOptions = {}): Promise<FileStore> {
  const { eventRetentionDays = DEFAULT_EVENT_RETENTION_DAYS, nameIndex = true, ...engineOptions } = options;
  const engine = await FileEngine.open(dir, FILE_PARTS, { ...engineOptions, partOptions: { nameIndex } });
  return new FileStore(engine, eventRetentionDays * 86_400_000);
}
