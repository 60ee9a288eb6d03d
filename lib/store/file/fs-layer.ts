import "server-only";
import fs from "node:fs";

/**
 * The few file-system calls the store makes, behind an interface so tests can inject
 * faults (ENOSPC on write, EROFS on fsync...) that a real disk will not produce on demand.
 * File descriptors are plain numbers and positions explicit: the journal writes with
 * pwrite at the last good offset, never in append mode, so a failed write can be undone.
 */
export interface StoreFs {
  mkdir(path: string, mode: number): Promise<void>;
  realpath(path: string): Promise<string>;
  readdir(path: string): Promise<string[]>;
  open(path: string, flags: string, mode?: number): Promise<number>;
  read(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
  write(fd: number, buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
  /** Flushes data and the metadata needed to read it back (size), like fdatasync(2). */
  fdatasync(fd: number): Promise<void>;
  fsync(fd: number): Promise<void>;
  ftruncate(fd: number, length: number): Promise<void>;
  size(fd: number): Promise<number>;
  close(fd: number): Promise<void>;
  rename(from: string, to: string): Promise<void>;
  link(existing: string, newPath: string): Promise<void>;
  unlink(path: string): Promise<void>;
  readFile(path: string): Promise<string>;
}

function settle<T>(resolve: (value: T) => void, reject: (error: Error) => void) {
  return (error: Error | null, value: T) => (error ? reject(error) : resolve(value));
}

function call<T>(run: (done: (error: Error | null, value: T) => void) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => run(settle(resolve, reject)));
}

/** The real file system, through Node's callback API (cheaper than FileHandle per call). */
export const nodeFs: StoreFs = {
  mkdir: (path, mode) => fs.promises.mkdir(path, { recursive: true, mode }).then(() => undefined),
  realpath: (path) => fs.promises.realpath(path),
  readdir: (path) => fs.promises.readdir(path),
  open: (path, flags, mode) => call((done) => fs.open(path, flags, mode, done)),
  read: (fd, buffer, offset, length, position) => call((done) => fs.read(fd, buffer, offset, length, position, done)),
  write: (fd, buffer, offset, length, position) => call((done) => fs.write(fd, buffer, offset, length, position, done)),
  fdatasync: (fd) => call((done) => fs.fdatasync(fd, (error) => done(error, undefined))),
  fsync: (fd) => call((done) => fs.fsync(fd, (error) => done(error, undefined))),
  ftruncate: (fd, length) => call((done) => fs.ftruncate(fd, length, (error) => done(error, undefined))),
  size: (fd) => call<fs.Stats>((done) => fs.fstat(fd, done)).then((stats) => stats.size),
  close: (fd) => call((done) => fs.close(fd, (error) => done(error, undefined))),
  rename: (from, to) => fs.promises.rename(from, to),
  link: (existing, newPath) => fs.promises.link(existing, newPath),
  unlink: (path) => fs.promises.unlink(path),
  readFile: (path) => fs.promises.readFile(path, "utf8"),
};

/** Writes all of `data` at `position`, looping over short writes. */
export async function writeFully(fsys: StoreFs, fd: number, data: Uint8Array, position: number): Promise<void> {
  let done = 0;
  while (done < data.length) {
    done += await fsys.write(fd, data, done, data.length - done, position + done);
  }
}

/**
 * fsync of the directory makes a create, rename or unlink in it durable: without it a
 * crash can forget that the new snapshot or journal file exists at all.
 */
export async function syncDirectory(fsys: StoreFs, dir: string): Promise<void> {
  const fd = await fsys.open(dir, "r");
  try {
    await fsys.fsync(fd);
  } finally {
    await fsys.close(fd);
  }
}
