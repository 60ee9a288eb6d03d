import "server-only";
import { syncDirectory, writeFully, type StoreFs } from "./fs-layer";
import { encodeJournalHeader } from "./engine/headers";
import { inDir, journalName, tempPath } from "./layout";

/**
 * The journal being appended to. Every batch, closed by its commit record, is written at
 * the end of the last commit record with pwrite, then fdatasync'd; only then are its
 * pets acknowledged. If a write or sync fails, the bytes past the last commit record are
 * cut off before anything else is appended, so a failed batch can never end up sitting
 * between two committed ones.
 */
export class Journal {
  private damaged = false;

  private constructor(
    private readonly fsys: StoreFs,
    readonly path: string,
    readonly generation: number,
    private readonly fd: number,
    /** Bytes up to the end of the last durable record. */
    private length: number,
  ) {}

  /** Opens an existing journal whose good records end at `length` (torn tail already cut). */
  static async open(fsys: StoreFs, dir: string, generation: number, length: number): Promise<Journal> {
    const path = inDir(dir, journalName(generation));
    return new Journal(fsys, path, generation, await fsys.open(path, "r+"), length);
  }

  /**
   * Creates a journal holding only its header. It is written under a temporary name and
   * renamed in, so a journal file always starts with a complete header.
   */
  static async create(fsys: StoreFs, dir: string, generation: number, version: number): Promise<Journal> {
    const path = inDir(dir, journalName(generation));
    const header = Buffer.from(encodeJournalHeader(version, generation));
    const temp = tempPath(path);
    const fd = await fsys.open(temp, "w", 0o600);
    try {
      await writeFully(fsys, fd, header, 0);
      await fsys.fsync(fd);
      // The descriptor follows the file through the rename; appends go on through it.
      await fsys.rename(temp, path);
      await syncDirectory(fsys, dir);
    } catch (error) {
      await fsys.close(fd).catch(() => undefined);
      await fsys.unlink(temp).catch(() => undefined);
      throw error;
    }
    return new Journal(fsys, path, generation, fd, header.length);
  }

  /** False while a failed write may have left bytes past the last good record. */
  get isClean(): boolean {
    return !this.damaged;
  }

  /** Appends records and returns once they are on disk. Throws the file-system error. */
  async append(data: Uint8Array): Promise<void> {
    if (this.damaged) await this.repair();
    try {
      await writeFully(this.fsys, this.fd, data, this.length);
      await this.fsys.fdatasync(this.fd);
    } catch (error) {
      this.damaged = true;
      await this.repair().catch(() => undefined); // retried before the next append
      throw error;
    }
    this.length += data.length;
  }

  async close(): Promise<void> {
    await this.fsys.close(this.fd);
  }

  /** Cuts the file back to the last durable record. */
  private async repair(): Promise<void> {
    await this.fsys.ftruncate(this.fd, this.length);
    await this.fsys.fsync(this.fd);
    this.damaged = false;
  }
}
