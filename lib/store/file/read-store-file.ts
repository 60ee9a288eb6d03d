import "server-only";
import type { StoreFs } from "./fs-layer";
import { scanLines } from "./line-reader";
import { committedPets, isCommitLine } from "./commit-record";
import { parseLine, verifiedBodyEnd } from "./line-codec";
import type { Category } from "@/lib/categories/schemas";
import type { Order } from "@/lib/orders/schemas";
import { decodeIdempotency, isIdempotencyLine, type IdempotencyEntry } from "./idempotency-line";
import { decodeCategory, decodeOrder, isCategoryLine, isOrderLine } from "./order-record";
import { decodePet, type PetLine } from "./pet-record";
import { decodeStatusChange, isStatusChangeLine, type StatusChange } from "./status-change-line";
import { decodeEvent, isEventLine } from "./event-line";
import type { LoggedEvent } from "@/lib/events/event-log";
import { decodePetEdit, isPetEditLine, type PetEdit } from "./pet-edit-line";
import { decodeApplication, isApplicationLine } from "./application-line";
import type { ApplicationRecord } from "@/lib/applications/schemas";

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
  petsRead: number;
}

export interface StoreFileReader {
  /**
   * The first line; throw to refuse the file. Returns whether its pets come in batches
   * closed by commit records (a version 2 journal).
   */
  onHeader(fields: Record<string, unknown>): boolean;
  /** Each pet line in order; throw to refuse the file. */
  onPet(pet: PetLine): void;
  /**
   * Each order line (the order's state after a change), in order; `petStatusKept` when the
   * pet's line already says its status (a snapshot).
   */
  onOrder?(order: Order, options?: { petStatusKept: boolean }): void;
  onCategory?(category: Category): void;
  /** Each idempotency record (the answer to a request, committed with its write). */
  onIdempotency?(entry: IdempotencyEntry): void;
  /** Each status-change record (staff corrected a pet's status). */
  onStatusChange?(change: StatusChange): void;
  /** Each event record (in the batch of the change it describes). */
  onEvent?(logged: LoggedEvent): void;
  /** Each pet-edit record (staff corrected a pet's name, category or profile). */
  onPetEdit?(edit: PetEdit): void;
  /** Each application record (the application's state after a change; `inSnapshot` when read from the snapshot). */
  onApplication?(record: ApplicationRecord, options?: { inSnapshot: boolean }): void;
}

interface Place {
  offset: number;
  lineNumber: number;
}

/**
 * Reads a snapshot or journal: a header line, then one pet per line, every line
 * checksummed. Only the newest journal (`mayCut`) may lose an end, which a crash left
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
      if (isOrderLine(buf, start)) {
        if (!reader.onOrder) throw new Error("an order record in a file of a format without orders");
        reader.onOrder(decodeOrder(parseLine(buf, start, end)));
      } else if (isCategoryLine(buf, start)) {
        if (!reader.onCategory) throw new Error("a category record in a file of a format without categories");
        reader.onCategory(decodeCategory(parseLine(buf, start, end)));
      } else if (isIdempotencyLine(buf, start)) {
        if (!reader.onIdempotency) throw new Error("an idempotency record in a file of a format without them");
        reader.onIdempotency(decodeIdempotency(parseLine(buf, start, end)));
      } else if (isEventLine(buf, start)) {
        if (!reader.onEvent) throw new Error("an event record in a file of a format without them");
        reader.onEvent(decodeEvent(parseLine(buf, start, end)));
      } else if (isStatusChangeLine(buf, start)) {
        if (!reader.onStatusChange) throw new Error("a status-change record in a file of a format without them");
        reader.onStatusChange(decodeStatusChange(parseLine(buf, start, end)));
      } else if (isApplicationLine(buf, start)) {
        if (!reader.onApplication) throw new Error("an application record in a file of a format without them");
        reader.onApplication(decodeApplication(parseLine(buf, start, end)));
      } else if (isPetEditLine(buf, start)) {
        if (!reader.onPetEdit) throw new Error("a pet-edit record in a file of a format without them");
        reader.onPetEdit(decodePetEdit(parseLine(buf, start, end)));
      } else {
        const pet = decodePet(buf, start, bodyEnd, end);
        if (!pet) throw new Error("not a valid pet record");
        reader.onPet(pet);
      }
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
    return { ...committed, reason, petsRead: pending };
  }
  if (size > linesEnd) {
    if (!mayCut) throw refuse(linesEnd, lines + 1, "incomplete last line");
    bad ??= { offset: linesEnd, lineNumber: lines + 1, reason: "incomplete last line" };
  }
  return bad && { ...bad, petsRead: 0 };
}
