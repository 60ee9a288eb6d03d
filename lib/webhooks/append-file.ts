import "server-only";
import { mkdir, open, readFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import { replaceFileDurably } from "@/lib/durable-file";

/**
 * A file of JSON lines that only grows, with group commit: lines appended while a write is
 * under way go out together in the next write and one fdatasync, so many changes a second
 * cost a few syncs. `append` resolves once its lines are on disk. `replace` swaps the whole
 * file for a compacted copy between two writes.
 */
export class AppendFile {
  private queued: string[] = [];
  private waiters: { resolve: () => void; reject: (error: unknown) => void }[] = [];
  private writing: Promise<void> | undefined;
  private replacement: (() => string) | undefined;
  /** Lines written since the file was last replaced whole. */
  linesWritten = 0;

  private constructor(
    readonly file: string,
    private handle: FileHandle,
  ) {}

  /** Opens (creating) `file` and reads its lines; an unfinished last line (a crash mid-write) is dropped. */
  static async open(file: string): Promise<{ appendFile: AppendFile; lines: string[] }> {
    await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
    let text = "";
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    const complete = text.slice(0, text.lastIndexOf("\n") + 1);
    // A torn tail is cut before anything is appended after it.
    if (complete.length !== text.length) await replaceFileDurably(file, complete);
    const lines = complete.split("\n").filter((line) => line.length > 0);
    const handle = await open(file, "a", 0o600);
    const appendFile = new AppendFile(file, handle);
    appendFile.linesWritten = lines.length;
    return { appendFile, lines };
  }

  append(lines: readonly string[]): Promise<void> {
    this.queued.push(...lines);
    return this.whenWritten();
  }

  /** Replaces the file with `snapshot()`'s lines (taken just before the swap, after the queued lines' state). */
  replace(snapshot: () => string): Promise<void> {
    this.replacement = snapshot;
    return this.whenWritten();
  }

  private whenWritten(): Promise<void> {
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ resolve, reject }));
    this.writing ??= this.writeAll().finally(() => (this.writing = undefined));
    return done;
  }

  private async writeAll(): Promise<void> {
    while (this.queued.length > 0 || this.replacement) {
      const lines = this.queued;
      const waiters = this.waiters;
      const replacement = this.replacement;
      this.queued = [];
      this.waiters = [];
      this.replacement = undefined;
      try {
        if (replacement) {
          // The snapshot already holds the queued lines' changes: they were applied in memory.
          await this.handle.close();
          const text = replacement();
          await replaceFileDurably(this.file, text);
          this.handle = await open(this.file, "a", 0o600);
          this.linesWritten = text.split("\n").length - 1;
        } else {
          // One string for the batch, not one more per line: this runs on the server's thread.
          await this.handle.appendFile(`${lines.join("\n")}\n`);
          await this.handle.datasync();
          this.linesWritten += lines.length;
        }
        for (const waiter of waiters) waiter.resolve();
      } catch (error) {
        for (const waiter of waiters) waiter.reject(error);
      }
    }
  }

  async close(): Promise<void> {
    await this.writing;
    await this.handle.close();
  }
}
