import "server-only";
import { syncDirectory, writeFully, type StoreFs } from "./fs-layer";
import { encodeSnapshotHeader, parseSnapshotHeader, type SnapshotHeader } from "./file-headers";
import { SNAPSHOT_FILE, inDir, tempPath } from "./layout";
import type { Category } from "@/lib/categories/schemas";
import type { Order } from "@/lib/orders/schemas";
import { encodeIdempotencyLine, type IdempotencyEntry } from "./idempotency-line";
import { encodeCategoryLine, encodeOrderLine } from "./order-record";
import { encodePetLine, type PetRecord } from "./pet-record";
import { readStoreFile } from "./read-store-file";
import type { RecordSink } from "./record-sink";
import { encodeEventLine } from "./event-line";
import type { LoggedEvent } from "@/lib/events/event-log";
import type { ApplicationRecord } from "@/lib/applications/schemas";
import { encodeApplicationLine } from "./application-line";

/** Rows encoded per write: big enough for throughput, small enough not to stall requests. */
const ROWS_PER_CHUNK = 1024;

export interface SnapshotSource {
  count: number;
  nextJournal: number;
  pet(row: number): PetRecord;
  /** Copies taken when the journal rotated: every order and category it covers. */
  orders: Order[];
  categories: Category[];
  /** And every idempotency record not yet expired then. */
  idempotency: IdempotencyEntry[];
  /** And the events retention kept, the highest sequence given and how far retention pruned. */
  events: LoggedEvent[];
  eventSequence: number;
  eventsPrunedThrough: number;
  /** And every application, as it stood then (an erased one without its personal data). */
  applications: ApplicationRecord[];
}

/**
 * Writes every pet of `source` to a temporary snapshot file and fsyncs it. It stays
 * invisible to recovery until installSnapshot renames it in. Encoding goes chunk by chunk
 * with an await between chunks, so a million-pet compaction never blocks the event loop
 * for long; `isCancelled` lets close() stop it between chunks.
 */
export async function writeSnapshotTemp(
  fsys: StoreFs,
  dir: string,
  source: SnapshotSource,
  isCancelled: () => boolean = () => false,
): Promise<string> {
  const temp = tempPath(inDir(dir, SNAPSHOT_FILE));
  const fd = await fsys.open(temp, "w", 0o600);
  try {
    const header: SnapshotHeader = {
      count: source.count,
      orders: source.orders.length,
      categories: source.categories.length,
      idempotency: source.idempotency.length,
      events: source.events.length,
      eventSequence: source.eventSequence,
      eventsPrunedThrough: source.eventsPrunedThrough,
      applications: source.applications.length,
      nextJournal: source.nextJournal,
    };
    let position = 0;
    const write = async (text: string) => {
      const bytes = Buffer.from(text);
      await writeFully(fsys, fd, bytes, position);
      position += bytes.length;
    };
    /** Lines chunk by chunk, each chunk one write, stopping between chunks when cancelled. */
    const writeLines = async <Item>(items: readonly Item[], encode: (item: Item) => string) => {
      for (let at = 0; at < items.length; at += ROWS_PER_CHUNK) {
        if (isCancelled()) throw new Error("snapshot cancelled: the store is closing");
        await write(
          items
            .slice(at, at + ROWS_PER_CHUNK)
            .map(encode)
            .join(""),
        );
      }
    };
    await write(encodeSnapshotHeader(header));
    for (let row = 0; row < source.count;) {
      if (isCancelled()) throw new Error("snapshot cancelled: the store is closing");
      const end = Math.min(row + ROWS_PER_CHUNK, source.count);
      let text = "";
      for (; row < end; row++) text += encodePetLine(source.pet(row));
      await write(text);
    }
    // Orders in id order: a pet's closed orders come before its open one, so replaying
    // them leaves the pet with the status its latest order gives it.
    await writeLines(source.orders, encodeOrderLine);
    await writeLines(source.categories, encodeCategoryLine);
    await writeLines(source.idempotency, encodeIdempotencyLine);
    await writeLines(source.events, encodeEventLine);
    await writeLines(source.applications, encodeApplicationLine);
    await fsys.fsync(fd);
    await fsys.close(fd);
  } catch (error) {
    await fsys.close(fd).catch(() => undefined);
    await fsys.unlink(temp).catch(() => undefined);
    throw error;
  }
  return temp;
}

/** The atomic step: after this rename (and the directory fsync) the new snapshot counts. */
export async function installSnapshot(fsys: StoreFs, dir: string, temp: string): Promise<void> {
  await fsys.rename(temp, inDir(dir, SNAPSHOT_FILE));
  await syncDirectory(fsys, dir);
}

/** Reads the snapshot into `sink`; a snapshot is written whole, so any damage is fatal. */
export async function readSnapshot(fsys: StoreFs, dir: string, sink: RecordSink): Promise<SnapshotHeader> {
  const path = inDir(dir, SNAPSHOT_FILE);
  let header: SnapshotHeader | undefined;
  const read = { pets: 0, orders: 0, categories: 0, idempotency: 0, events: 0, applications: 0 };
  await readStoreFile(
    fsys,
    path,
    {
      onHeader: (fields) => {
        header = parseSnapshotHeader(fields);
        sink.onEventCounters?.(header);
        return false; // written whole: no batches
      },
      onPet: (pet) => {
        read.pets++;
        sink.onPet(pet);
      },
      onOrder: (order) => {
        read.orders++;
        // The snapshot's pet lines hold each pet's status already (a correction after its
        // order ended included: docs/decisions/155); its orders must not overrule them.
        sink.onOrder?.(order, { petStatusKept: true });
      },
      onCategory: (category) => {
        read.categories++;
        sink.onCategory?.(category);
      },
      onIdempotency: (entry) => {
        read.idempotency++;
        sink.onIdempotency?.(entry);
      },
      onEvent: (logged) => {
        read.events++;
        sink.onEvent?.(logged);
      },
      onApplication: (record) => {
        read.applications++;
        sink.onApplication?.(record, { inSnapshot: true });
      },
    },
    false,
  );
  const complete =
    header?.count === read.pets &&
    header.orders === read.orders &&
    header.categories === read.categories &&
    header.idempotency === read.idempotency &&
    header.events === read.events &&
    header.applications === read.applications;
  if (!header || !complete) {
    throw new Error(
      `pet store file ${path} is incomplete: its header promises ${header?.count} pets, ${header?.orders} orders, ` +
        `${header?.categories} categories, ${header?.idempotency} idempotency records, ${header?.events} events and ` +
        `${header?.applications} applications; it holds ${read.pets}, ${read.orders}, ${read.categories}, ` +
        `${read.idempotency}, ${read.events} and ${read.applications}`,
    );
  }
  return header;
}
