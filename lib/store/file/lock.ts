import "server-only";
import { readFileSync, unlinkSync } from "node:fs";
import path from "node:path";
import type { StoreFs } from "./fs-layer";
import type { StoreLogger } from "./logger";

export const LOCK_FILE = "LOCK";

/**
 * Directories this process holds: a second open here must fail like one from elsewhere.
 * Process-wide on globalThis, because Next may bundle this module more than once and a
 * per-copy set would let a second copy take the first one's lock for a stale one.
 */
const HELD = Symbol.for("petstore.lockedDirectories");
const heldHere: Set<string> = ((globalThis as { [HELD]?: Set<string> })[HELD] ??= new Set());

export interface DirectoryLock {
  release(): Promise<void>;
}

/** Another live process (or this one) has the data directory open. */
export class DirectoryInUseError extends Error {
  constructor(dir: string, holder: string) {
    super(`data directory ${dir} is in use by ${holder}; stop it or use another data directory`);
    this.name = "DirectoryInUseError";
  }
}

/**
 * One writer per data directory. `LOCK` is created with O_EXCL (atomic on local file
 * systems, and portable, unlike flock from Node) and holds the owner's pid. A lock whose
 * pid is no longer running was left by a crash and is taken over; it is first renamed
 * aside, so two processes racing for the same stale lock cannot both delete it.
 */
export async function lockDirectory(fsys: StoreFs, dir: string, logger: StoreLogger): Promise<DirectoryLock> {
  if (heldHere.has(dir)) throw new DirectoryInUseError(dir, `this process (${process.pid}), opened earlier`);
  heldHere.add(dir);
  const lockPath = path.join(dir, LOCK_FILE);
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      if (await tryCreate(fsys, lockPath)) {
        const releaseOnExit = () => releaseSync(lockPath);
        process.once("exit", releaseOnExit);
        return {
          release: () => {
            process.off("exit", releaseOnExit);
            return release(fsys, dir, lockPath);
          },
        };
      }
      const holder = await readHolder(fsys, lockPath);
      if (holder === undefined) continue; // released meanwhile
      if (holder.pid !== undefined && holder.pid !== process.pid && isRunning(holder.pid)) {
        throw new DirectoryInUseError(dir, `process ${holder.pid}`);
      }
      if (holder.pid === undefined && attempt < 3) {
        await delay(50); // an owner between creating LOCK and writing its pid
        continue;
      }
      await takeOver(fsys, lockPath, holder.text, logger);
    }
    throw new Error(`could not lock data directory ${dir}: the lock file keeps changing`);
  } catch (error) {
    heldHere.delete(dir);
    throw error;
  }
}

async function tryCreate(fsys: StoreFs, lockPath: string): Promise<boolean> {
  let fd: number;
  try {
    fd = await fsys.open(lockPath, "wx", 0o600);
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
  try {
    const text = Buffer.from(`${process.pid}\n`);
    await fsys.write(fd, text, 0, text.length, 0);
    await fsys.fsync(fd);
  } catch (error) {
    await fsys.unlink(lockPath).catch(() => undefined); // an ownerless LOCK would stall others
    throw error;
  } finally {
    await fsys.close(fd);
  }
  return true;
}

async function readHolder(fsys: StoreFs, lockPath: string) {
  try {
    const text = await fsys.readFile(lockPath);
    const pid = /^\d+\n$/.test(text) ? Number(text.trim()) : undefined;
    return { text, pid };
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

/** Moves the stale lock aside, checks it is the one we judged stale, deletes it. */
async function takeOver(fsys: StoreFs, lockPath: string, staleText: string, logger: StoreLogger) {
  const aside = `${lockPath}.stale-${process.pid}`;
  try {
    await fsys.rename(lockPath, aside);
  } catch (error) {
    if (errorCode(error) === "ENOENT") return; // someone else took it over first
    throw error;
  }
  const moved = await fsys.readFile(aside);
  if (moved !== staleText) {
    await fsys.rename(aside, lockPath); // a fresh lock appeared in between: put it back
    return;
  }
  await fsys.unlink(aside);
  const owner = staleText.trim() === "" ? "no recorded process" : `process ${staleText.trim()}`;
  logger.warn(`pet store: took over lock ${lockPath} left by ${owner}, which is no longer running`);
}

async function release(fsys: StoreFs, dir: string, lockPath: string): Promise<void> {
  try {
    const holder = await readHolder(fsys, lockPath);
    if (holder?.pid === process.pid) await fsys.unlink(lockPath);
  } finally {
    heldHere.delete(dir);
  }
}

/**
 * On process exit, whatever ends it: `next start` answers SIGTERM with process.exit()
 * before an asynchronous close could finish, and a LOCK left behind would make every
 * ordinary restart log a stale-lock takeover. Exit listeners must be synchronous, so this
 * uses node:fs directly. Every acknowledged pet is already on disk; only the lock is left.
 */
function releaseSync(lockPath: string): void {
  try {
    if (readFileSync(lockPath, "utf8") === `${process.pid}\n`) unlinkSync(lockPath);
  } catch {
    // already gone, or the disk refuses: the next start takes the stale lock over
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return errorCode(error) === "EPERM"; // exists, owned by another user
  }
}

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
