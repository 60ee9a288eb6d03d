import "server-only";
import path from "node:path";
import { DEFAULT_PET_STATUS, NewPet, type Pet, type PetStatus } from "@/lib/pets/schemas";
import { decodeCursor, encodeCursor } from "@/lib/paging/cursor";
import {
  InvalidCursorError,
  StoreUnavailableError,
  type ListPetsQuery,
  type PetPage,
  type PetStore,
} from "@/lib/store/pet-store";
import { encodeCommitLine } from "./commit-record";
import type { CompactionHook } from "./compaction";
import { DataFiles } from "./data-files";
import { nodeFs, type StoreFs } from "./fs-layer";
import { GroupCommitter } from "./group-commit";
import { Journal } from "./journal";
import { journalName } from "./layout";
import { lockDirectory, type DirectoryLock } from "./lock";
import { consoleLogger, type StoreLogger } from "./logger";
import { observeBatchSize } from "@/lib/ops/metrics";
import { PetIndex } from "./pet-index";
import { encodePetLine, type PetRecord } from "./pet-record";
import { recoverDataDir } from "./recovery";

/*
 * The embedded pet store: every pet in memory (PetIndex), made durable in a group-committed
 * journal with commit records, folded into a snapshot by background compaction, one writer
 * per directory. Why: docs/decisions/008, 020, 021; the format: "The data directory" in README.md.
 */

export interface FileStoreOptions {
  /** Pets the journals may hold before a compaction is considered. Default 100 000. */
  compactAfterRecords?: number;
  /** File-system calls, replaceable to inject faults in tests. */
  fs?: StoreFs;
  logger?: StoreLogger;
  /** Called between compaction steps (tests copy the directory there to fake a crash). */
  onCompactionStep?: CompactionHook;
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
    let index = new PetIndex();
    let state = await recoverDataDir(fsys, root, (line) => index.addLine(line), logger);
    if (state.readUncommitted) {
      // Pets of a batch were read before its missing commit record showed it was never
      // acknowledged. The cut is on disk now: read everything again into a fresh index
      // (rare, after a crash, and it keeps the index append-only).
      index = new PetIndex();
      state = await recoverDataDir(fsys, root, (line) => index.addLine(line), logger);
    }
    if (state.journal && !state.journal.batched) {
      logger.info(
        `pet store: ${journalName(state.journal.generation)} is format version 1; new pets go to a version 2 ` +
          "journal, and the next compaction folds the old one into the snapshot",
      );
    }
    // Commit records are never appended to a version 1 journal: it would mix two formats.
    const journal = state.journal?.batched
      ? await Journal.open(fsys, root, state.journal.generation, state.journal.length)
      : await Journal.create(fsys, root, state.nextJournal++);
    const policy = {
      compactAfterRecords: options.compactAfterRecords ?? DEFAULT_COMPACT_AFTER,
      onStep: options.onCompactionStep ?? (() => undefined),
    };
    return new FileStore(index, new DataFiles(fsys, root, logger, policy, journal, state), lock);
  } catch (error) {
    await lock.release();
    throw error;
  }
}

class FileStore implements PetStore {
  private readonly writer = new GroupCommitter<NewPet, Pet>(
    (pets) => {
      observeBatchSize("file", pets.length);
      return this.commit(pets);
    },
    () => this.files.compactIfDue(this.index),
  );
  private nextId: number;
  private closing: Promise<void> | undefined;

  constructor(
    private readonly index: PetIndex,
    private readonly files: DataFiles,
    private readonly lock: DirectoryLock,
  ) {
    this.nextId = index.lastId + 1;
  }

  async list({ limit, status, cursor }: ListPetsQuery): Promise<PetPage> {
    this.assertOpen();
    if (!Number.isInteger(limit) || limit < 1) throw new RangeError(`limit must be a positive integer, got ${limit}`);
    let beforeId = Infinity;
    if (cursor !== undefined) {
      beforeId = decodeCursor(cursor, status);
      // Cursors name a pet that was on a page of this listing; any other id was never
      // issued for it, and refusing it alike tells nothing about pets outside the filter.
      if (!this.index.holds(beforeId, status)) throw new InvalidCursorError();
    }
    const { pets, more } = this.index.page(limit, beforeId, status);
    const last = pets.at(-1);
    return more && last ? { pets, nextCursor: encodeCursor(last.id, status) } : { pets };
  }

  async get(id: number): Promise<Pet | undefined> {
    this.assertOpen();
    return this.index.get(id);
  }

  async countByStatus(): Promise<Record<PetStatus, number>> {
    this.assertOpen();
    return this.index.countByStatus();
  }

  async create(newPet: NewPet): Promise<Pet> {
    this.assertOpen();
    // The API validated already; checking again keeps a bad call from writing a record
    // that would make the file unreadable on the next open.
    return this.writer.submit(NewPet.parse(newPet));
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
   * Writes one batch; ids are taken here, so a failed batch burns its ids while this
   * process runs (gaps, no reuse). A restart continues after the highest id on disk: no
   * client saw a failed batch's ids (docs/decisions/022-ids-after-restart.md).
   */
  private async commit(newPets: NewPet[]): Promise<Pet[]> {
    const pets = newPets.map((pet): PetRecord => ({
      id: this.nextId++,
      name: pet.name,
      categoryId: pet.categoryId,
      status: pet.status ?? DEFAULT_PET_STATUS,
    }));
    try {
      // One write and one fdatasync for the pets and the commit record that closes them.
      await this.files.append(Buffer.from(pets.map(encodePetLine).join("") + encodeCommitLine(pets.length)));
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
    for (const pet of pets) this.index.add(pet);
    return pets;
  }

  private assertOpen(): void {
    if (this.closing) throw new Error("the pet store is closed");
  }
}
