import "server-only";
import { syncDirectory, writeFully, type StoreFs } from "@/lib/store/file/fs-layer";
import { SNAPSHOT_FILE, inDir, tempPath } from "@/lib/store/file/layout";
import { encodeSnapshotHeader, parseSnapshotHeader, type SnapshotHeader } from "./headers";
import { readStoreFile } from "./read-store-file";
import type { PartStates, PartTable } from "./part-states";
import type { AnyPart, SectionCopy, SnapshotSection } from "./part";

/** Rows encoded per write: big enough for throughput, small enough not to stall requests. */
const ROWS_PER_CHUNK = 1024;

/** What a snapshot holds: each section's copy (in the sections' order), and the first journal it does not. */
export interface SnapshotSource {
  sections: readonly SnapshotSection[];
  copies: readonly SectionCopy[];
  nextJournal: number;
}

/**
 * Writes every section of `source` to a temporary snapshot file and fsyncs it. It stays
 * invisible to recovery until installSnapshot renames it in. Encoding goes chunk by chunk
 * with an await between chunks, so a million-pet compaction never blocks the event loop
 * for long; `isCancelled` lets close() stop it between chunks.
 */
export async function writeSnapshotTemp(
  fsys: StoreFs,
  dir: string,
  { sections, copies, nextJournal }: SnapshotSource,
  isCancelled: () => boolean = () => false,
): Promise<string> {
  const temp = tempPath(inDir(dir, SNAPSHOT_FILE));
  const fd = await fsys.open(temp, "w", 0o600);
  try {
    const numbers: Record<string, number> = {};
    sections.forEach((section, i) => {
      const copy = copies[i] as SectionCopy;
      numbers[section.field] = copy.count;
      for (const name of section.counters ?? []) numbers[name] = copy.counters?.[name] ?? 0;
    });
    let position = 0;
    const write = async (text: string) => {
      const bytes = Buffer.from(text);
      await writeFully(fsys, fd, bytes, position);
      position += bytes.length;
    };
    await write(encodeSnapshotHeader(sections, numbers, nextJournal));
    for (const copy of copies) {
      for (let row = 0; row < copy.count;) {
        if (isCancelled()) throw new Error("snapshot cancelled: the store is closing");
        const end = Math.min(row + ROWS_PER_CHUNK, copy.count);
        let text = "";
        for (; row < end; row++) text += copy.line(row);
        await write(text);
      }
    }
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

/** Reads the snapshot into the parts' states; a snapshot is written whole, so any damage is fatal. */
export async function readSnapshot(
  fsys: StoreFs,
  dir: string,
  table: PartTable,
  states: PartStates,
  openedAt: number,
): Promise<SnapshotHeader> {
  const path = inDir(dir, SNAPSHOT_FILE);
  const sections = table.sections;
  let header: SnapshotHeader | undefined;
  const read = sections.map(() => 0);
  const context = { inSnapshot: true, openedAt, stateOf: states.of.bind(states) };
  await readStoreFile(
    fsys,
    path,
    table,
    {
      onHeader: (fields) => {
        header = parseSnapshotHeader(sections, fields);
        for (const [i, section] of sections.entries()) {
          section.readCounters?.(states.of(table.sectionParts[i] as AnyPart), (header as SnapshotHeader).numbers);
        }
        return false; // written whole: no batches
      },
      onRecord: (kind, part, record) => {
        const i = table.sectionOf(kind);
        if (i === undefined) throw new Error(`${kind.noun} in a snapshot, which holds none`);
        read[i] = (read[i] as number) + 1;
        kind.fold(states.of(part), record, context);
      },
    },
    false,
  );
  const found = header;
  if (!found || sections.some((section, i) => found.numbers[section.field] !== read[i])) {
    const promised = sections.map((section) => `${found?.numbers[section.field]} ${section.kind.noun}`).join(", ");
    throw new Error(
      `pet store file ${path} is incomplete: its header promises ${promised}; it holds ${read.join(", ")}`,
    );
  }
  return found;
}
