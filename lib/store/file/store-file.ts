import "server-only";
import type { StoreFs } from "./fs-layer";
import { scanLines } from "./line-reader";
import { parseLine, verifiedBodyEnd } from "./line-codec";
import { decodePet, type PetLine } from "./pet-record";

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
        "Refusing to open so no data is overwritten; restore the file from a backup or repair it by hand (see 'The data directory' in README.md).",
    );
    this.name = "CorruptStoreFileError";
  }
}

/** Bad bytes at the very end of a journal: a write that never completed. */
export interface TornTail {
  offset: number;
  lineNumber: number;
}

export interface StoreFileReader {
  /** The first line; throw to refuse the file. */
  onHeader(fields: Record<string, unknown>): void;
  /** Each pet line in order; throw to refuse the file. */
  onPet(pet: PetLine): void;
}

/**
 * Reads a snapshot or journal: a header line, then one pet per line, every line
 * checksummed. A bad line followed only by bad lines is a torn tail, which a journal may
 * have (a write cut short by a crash: never acknowledged, since acknowledgement follows
 * fsync). A bad line with a good one after it means acknowledged data is damaged.
 */
export async function readStoreFile(
  fsys: StoreFs,
  path: string,
  reader: StoreFileReader,
  allowTornTail: boolean,
): Promise<TornTail | undefined> {
  let torn: (TornTail & { reason: string }) | undefined;
  const refuse = (offset: number, lineNumber: number, reason: string) =>
    new CorruptStoreFileError(path, offset, lineNumber, reason);

  const { size, linesEnd, lines } = await scanLines(fsys, path, (buf, start, end, offset, lineNumber) => {
    const bodyEnd = verifiedBodyEnd(buf, start, end);
    if (bodyEnd < 0) {
      torn ??= { offset, lineNumber, reason: "incomplete record or checksum mismatch" };
      if (!allowTornTail || lineNumber === 1) throw refuse(offset, lineNumber, torn.reason);
      return;
    }
    if (torn) throw refuse(torn.offset, torn.lineNumber, `${torn.reason}, followed by good records`);
    try {
      if (lineNumber === 1) return reader.onHeader(parseLine(buf, start, end));
      const pet = decodePet(buf, start, bodyEnd, end);
      if (!pet) throw new Error("not a valid pet record");
      reader.onPet(pet);
    } catch (error) {
      throw error instanceof CorruptStoreFileError ? error : refuse(offset, lineNumber, String((error as Error).message));
    }
  });

  if (linesEnd === 0) throw refuse(0, 1, size === 0 ? "empty file, no header" : "incomplete header");
  if (size > linesEnd) {
    if (!allowTornTail) throw refuse(linesEnd, lines + 1, "incomplete last line");
    torn ??= { offset: linesEnd, lineNumber: lines + 1, reason: "incomplete last line" };
  }
  return torn && { offset: torn.offset, lineNumber: torn.lineNumber };
}
