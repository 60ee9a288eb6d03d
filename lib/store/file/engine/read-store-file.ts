import "server-only";
import type { StoreFs } from "@/lib/store/file/fs-layer";
import { scanLines } from "@/lib/store/file/line-reader";
import { committedPets, isCommitLine } from "@/lib/store/file/commit-record";
import { parseLine, verifiedBodyEnd } from "@/lib/store/file/line-codec";
import type { PartTable } from "./part-states";
import type { AnyPart, LineKind } from "./part";

/** A store file that is damaged somewhere other than a torn tail: opening must stop. */
export class CorruptStoreFileError extends Error {
  constructor(
    readonly file: string,
    readonly offset: number,
    readonly lineNumber: number,
    reason: string,
  ) {
    super(
      `pet store file ${file} is corrupt at byte ${offset} (line ${lineNumber}): ${reason}. ` +
        "Refusing to open so no data is overwritten; restore the file from a backup or repair it by hand (see 'Opening and recovery' in docs/data-directory.md).",
    );
    this.name = "CorruptStoreFileError";
  }
}

/** Where the bytes a journal may lose begin: a torn tail, or a batch never committed. */
export interface JournalCut {
  offset: number;
  lineNumber: number;
  reason: string;
  /** Records from the cut part already handed on (read before the cut was known). */
  recordsRead: number;
}

export interface StoreFileReader {
  /**
   * The first line; throw to refuse the file. Returns whether its records come in batches
   * closed by commit records (a version 2 journal).
   */
  onHeader(fields: Record<string, unknown>): boolean;
  /** Each record in order, with its kind and the part it belongs to; throw to refuse the file. */
  onRecord(kind: LineKind, part: AnyPart, record: unknown): void;
}

interface Place {
  offset: number;
  lineNumber: number;
}

/**
 * Reads a snapshot or journal: a header line, then one record per line (each part's line
 * kinds tell them apart by their first bytes), every line checksummed. Only the newest journal (`mayCut`) may lose an end, which a crash left
 * unacknowledged, since acknowledgement follows fdatasync:
 * - in a batched journal, everything after the last commit record, whatever its order
 *   (a bad line, then good ones: pages persisted out of order); a bad line before a
 *   commit record is damage to acknowledged pets;
 * - in a version 1 journal, a bad line followed only by bad lines (a torn tail); a bad
 *   line with a good one after it means acknowledged data is damaged.
 * Anything else wrong throws CorruptStoreFileError.
 */
export async function readStoreFile(
  fsys: StoreFs,
  path: string,
  table: PartTable,
  reader: StoreFileReader,
  mayCut: boolean,
): Promise<JournalCut | undefined> {
  let batched = false;
  let bad: (Place & { reason: string }) | undefined;
  /** Just after the header or the last commit record, and the pets read since. */
  let committed: Place = { offset: 0, lineNumber: 1 };
  let pending = 0;
  const refuse = (offset: number, lineNumber: number, reason: string) =>
    new CorruptStoreFileError(path, offset, lineNumber, reason);

  const { size, linesEnd, lines } = await scanLines(fsys, path, (buf, start, end, offset, lineNumber) => {
    const bodyEnd = verifiedBodyEnd(buf, start, end);
    if (bodyEnd < 0) {
      bad ??= { offset, lineNumber, reason: "incomplete record or checksum mismatch" };
      if (!mayCut || lineNumber === 1) throw refuse(offset, lineNumber, bad.reason);
      return;
    }
    try {
      if (lineNumber === 1) {
        batched = reader.onHeader(parseLine(buf, start, end));
        committed = { offset: end - start + 1, lineNumber: 2 };
        return;
      }
      if (batched && isCommitLine(buf, start)) {
        if (bad) throw refuse(bad.offset, bad.lineNumber, `${bad.reason}, in a batch committed at byte ${offset}`);
        const count = committedPets(parseLine(buf, start, end));
        if (count !== pending) throw new Error(`commit record for ${count} records closes a batch of ${pending}`);
        committed = { offset: offset + end - start + 1, lineNumber: lineNumber + 1 };
        pending = 0;
        return;
      }
      if (bad) {
        // A batched journal's uncommitted end is dropped unread, unless a commit record follows.
        if (batched) return;
        throw refuse(bad.offset, bad.lineNumber, `${bad.reason}, followed by good records`);
      }
      const match = table.kindAt(buf, start);
      if (!match) throw new Error("a record of no kind this store knows");
      reader.onRecord(match.kind, match.part, match.kind.decode(buf, start, bodyEnd, end));
      pending++;
    } catch (error) {
      throw error instanceof CorruptStoreFileError
        ? error
        : refuse(offset, lineNumber, String((error as Error).message));
    }
  });

  if (linesEnd === 0) throw refuse(0, 1, size === 0 ? "empty file, no header" : "incomplete header");
  if (batched) {
    if (size === committed.offset) return undefined;
    const reason = bad
      ? `${bad.reason} at byte ${bad.offset}`
      : pending > 0
        ? "no commit record"
        : "incomplete last line";
    if (!mayCut)
      throw refuse(
        committed.offset,
        committed.lineNumber,
        `a batch with ${reason} in a journal that is not the newest`,
      );
    return { ...committed, reason, recordsRead: pending };
  }
  if (size > linesEnd) {
    if (!mayCut) throw refuse(linesEnd, lines + 1, "incomplete last line");
    bad ??= { offset: linesEnd, lineNumber: lines + 1, reason: "incomplete last line" };
  }
  return bad && { ...bad, recordsRead: 0 };
}
