import "server-only";
import { link, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { describeThisProcess, encodeLockOwner, judgeOwner, parseLockOwner } from "@/lib/store/file/lock-owner";

/** How long a writer waits for another process's change of the key file before giving up. */
const WAIT_MS = 30_000;
const POLL_MS = 10;
/** A lock naming no owner (damaged: ours are created whole) is taken over after this. */
const OWNERLESS_MS = 1_000;

// Writers in this process queue here: a lock file naming our own pid would look left behind.
const QUEUES = Symbol.for("petstore.keyFileQueues");
const queues: Map<string, Promise<unknown>> = ((globalThis as { [QUEUES]?: Map<string, Promise<unknown>> })[QUEUES] ??=
  new Map());

/**
 * Runs `work` (a read, change and replace of `file`) while no other writer, in this process
 * or another, can: `npm run keys` commands run at once would otherwise each replace the
 * file with their own change and lose the others'. Across processes the lock is
 * `<file>.lock`, created whole (link) naming its owner like the data directory's LOCK
 * (docs/decisions/020); one whose owner is provably gone is taken over. Readers (a running
 * server) need no lock: the file is replaced by a rename, whole.
 */
export function withKeyFileLock<T>(file: string, work: () => Promise<T>): Promise<T> {
  const previous = queues.get(file) ?? Promise.resolve();
  const run = previous.then(
    () => lockedAcrossProcesses(file, work),
    () => lockedAcrossProcesses(file, work),
  );
  const settled = run.catch(() => undefined);
  queues.set(file, settled);
  void settled.then(() => {
    if (queues.get(file) === settled) queues.delete(file);
  });
  return run;
}

async function lockedAcrossProcesses<T>(file: string, work: () => Promise<T>): Promise<T> {
  const lockPath = `${file}.lock`;
  const ownText = encodeLockOwner(describeThisProcess());
  await acquire(lockPath, ownText);
  try {
    return await work();
  } finally {
    if ((await readText(lockPath)) === ownText) await unlink(lockPath);
  }
}

async function acquire(lockPath: string, ownText: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  let ownerlessSince: number | undefined;
  for (;;) {
    if (await tryCreate(lockPath, ownText)) return;
    const text = await readText(lockPath);
    if (text === undefined) continue; // released meanwhile
    const owner = parseLockOwner(text);
    ownerlessSince = owner ? undefined : (ownerlessSince ?? Date.now());
    const ownerDied = owner && judgeOwner(owner, describeThisProcess()).gone;
    if (ownerDied || (ownerlessSince !== undefined && Date.now() - ownerlessSince > OWNERLESS_MS)) {
      await takeOver(lockPath, text);
      continue;
    }
    if (Date.now() > deadline) {
      const holder = owner ? `process ${owner.pid}` : "a writer that has not named itself";
      throw new Error(
        `the key file is being changed by ${holder}; retry, or delete ${lockPath} only if no keys command is running`,
      );
    }
    await sleep(POLL_MS);
  }
}

/**
 * Creates the lock with its owner already written: the text goes to a file of our own,
 * which link() then names the lock, failing if one exists. A lock created empty and
 * written after (open with O_EXCL) could be read empty by another writer, judged ownerless
 * once a loaded machine stalled its creator, and taken over from a live owner.
 */
async function tryCreate(lockPath: string, ownText: string): Promise<boolean> {
  const draft = `${lockPath}.${process.pid}`;
  await writeFile(draft, ownText, { mode: 0o600 });
  try {
    await link(draft, lockPath);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

async function readText(lockPath: string): Promise<string | undefined> {
  try {
    return await readFile(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/**
 * Moves the lock of a dead writer aside, checks it is the one judged, deletes it. The lock
 * is read again first: a writer that released its lock and then exited is judged gone by
 * the time we look, while another writer may hold a fresh lock at the same path; moving
 * that aside and back could overwrite a third writer's, and two would hold the lock. Once
 * the judged text is still there, its owner died holding it (owners release before exiting).
 */
async function takeOver(lockPath: string, staleText: string): Promise<void> {
  if ((await readText(lockPath)) !== staleText) return;
  const aside = `${lockPath}.stale-${process.pid}`;
  try {
    await rename(lockPath, aside);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return; // another writer took it over first
    throw error;
  }
  if ((await readFile(aside, "utf8")) !== staleText) {
    await rename(aside, lockPath); // a live writer's fresh lock: put it back
    return;
  }
  await unlink(aside);
}
