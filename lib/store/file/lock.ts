import "server-only";
import { readFileSync, unlinkSync } from "node:fs";
import path from "node:path";
import type { StoreFs } from "./fs-layer";
import { describeThisProcess, encodeLockOwner, judgeOwner, parseLockOwner, type LockOwner } from "./lock-owner";
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
  constructor(dir: string, holder: string, advice = "stop it or use another data directory") {
    super(`data directory ${dir} is in use by ${holder}; ${advice}`);
    this.name = "DirectoryInUseError";
  }
}

/**
 * One writer per data directory. `LOCK` is created with O_EXCL (atomic on local file
 * systems, and portable, unlike flock from Node) and names its owner: pid, host, boot,
 * PID namespace and start time. A lock whose owner is provably gone (judgeOwner) was
 * left by a crash and is taken over; it is first renamed aside, so two processes racing
 * for the same stale lock cannot both delete it. Anything short of proof refuses.
 */
export async function lockDirectory(fsys: StoreFs, dir: string, logger: StoreLogger): Promise<DirectoryLock> {
  if (heldHere.has(dir)) throw new DirectoryInUseError(dir, `this process (${process.pid}), opened earlier`);
  heldHere.add(dir);
  const lockPath = path.join(dir, LOCK_FILE);
  const self = describeThisProcess();
  const ownText = encodeLockOwner(self);
  try {
    for (let attempt = 0; attempt < 20; attempt++) {
      if (await tryCreate(fsys, lockPath, ownText)) {
        const releaseOnExit = () => releaseSync(lockPath, ownText);
        process.once("exit", releaseOnExit);
        return {
          release: () => {
            process.off("exit", releaseOnExit);
            return release(fsys, dir, lockPath, ownText);
          },
        };
      }
      const holder = await readHolder(fsys, lockPath);
      if (holder === undefined) continue; // released meanwhile
      if (holder.owner === undefined && attempt < 3) {
        await delay(50); // an owner between creating LOCK and writing itself into it
        continue;
      }
      let why = "its lock file names no owner";
      if (holder.owner) {
        const verdict = judgeOwner(holder.owner, self);
        if (!verdict.gone) {
          throw new DirectoryInUseError(
            dir,
            `${describeOwner(holder.owner)}: ${verdict.why}`,
            `stop that process, or, only if you are sure it is no longer running, delete ${lockPath}`,
          );
        }
        why = verdict.why;
      }
      await takeOver(fsys, lockPath, holder, why, logger);
    }
    throw new Error(`could not lock data directory ${dir}: the lock file keeps changing`);
  } catch (error) {
    heldHere.delete(dir);
    throw error;
  }
}

async function tryCreate(fsys: StoreFs, lockPath: string, ownText: string): Promise<boolean> {
  let fd: number;
  try {
    fd = await fsys.open(lockPath, "wx", 0o600);
  } catch (error) {
    if (errorCode(error) === "EEXIST") return false;
    throw error;
  }
  try {
    const text = Buffer.from(ownText);
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
    return { text, owner: parseLockOwner(text) };
  } catch (error) {
    if (errorCode(error) === "ENOENT") return undefined;
    throw error;
  }
}

/** Moves the stale lock aside, checks it is the one we judged stale, deletes it. */
async function takeOver(
  fsys: StoreFs,
  lockPath: string,
  stale: { text: string; owner?: LockOwner },
  why: string,
  logger: StoreLogger,
) {
  const staleText = stale.text;
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
  const owner = stale.owner ? describeOwner(stale.owner) : `unreadable contents ${JSON.stringify(staleText)}`;
  logger.warn(`pet store: took over lock ${lockPath} left by ${owner}, which is no longer running: ${why}`);
}

function describeOwner(owner: LockOwner): string {
  return owner.host ? `process ${owner.pid} on host ${owner.host}` : `process ${owner.pid}`;
}

async function release(fsys: StoreFs, dir: string, lockPath: string, ownText: string): Promise<void> {
  try {
    const holder = await readHolder(fsys, lockPath);
    if (holder?.text === ownText) await fsys.unlink(lockPath);
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
function releaseSync(lockPath: string, ownText: string): void {
  try {
    if (readFileSync(lockPath, "utf8") === ownText) unlinkSync(lockPath);
  } catch {
    // already gone, or the disk refuses: the next start takes the stale lock over
  }
}

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
