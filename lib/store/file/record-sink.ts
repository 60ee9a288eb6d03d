import type { StoreFileReader } from "./read-store-file";

/** Where recovery hands each record it reads, in file order (from the snapshot, then the journals). */
export type RecordSink = Omit<StoreFileReader, "onHeader"> & {
  /** The snapshot's event counters (version 4 on), before its event records. */
  onEventCounters?(counters: { eventSequence: number; eventsPrunedThrough: number }): void;
};
