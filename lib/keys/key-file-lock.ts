import "server-only";
import { open, readFile, rename, unlink } from "node:fs/promises";
import { setTimeout as sleep } from "node:timers/promises";
import { describeThisProcess, encodeLockOwner, judgeOwner, parseLockOwner } from "@/lib/store/file/lock-owner";

/** How long a writer waits for another process's change of the key file before giving up. */
const WAIT_MS = 30_000;
const POLL_MS = 10;
/** A lock still naming no owner after this was left by a writer that died creating it. */
const OWNERLESS_MS = 1_000;

// Writers in this process queue here: a lock file naming our own pid would look left behind.
const QUEUES = Symbol.for("petstore.keyFileQueues");
const queues: Map<string, Promise<unknown>> = ((globalThis as { [QUEUES]?: Map<string, Promise<unknown>> })[QUEUES] ??=
  new Map());

/**
 * Runs `work` (a read, change and replace of `file`) while no other writer, in this process
 * or another, can: `npm run keys` commands run at once would otherwise each replace the
 * file with their own change and lose the others'. Across processes the lock is
 * `<file>.lock`, created with O_EXCL and naming its owner like the data directory's LOCK
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

async function tryCreate(lockPath: string, ownText: string): Promise<boolean> {
  let handle;
  try {
    handle = await open(lockPath, "wx", 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return false;
    throw error;
  }
  try {
    await handle.writeFile(ownText);
  } catch (error) {
    await unlink(lockPath).catch(() => undefined); // an ownerless lock would stall every writer
    throw error;
  } finally {
    await handle.close();
  }
  return true;
}

async function readText(lockPath: string): Promise<string | undefined> {
  try {
    return await readFile(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Moves the lock of a dead writer aside, checks it is the one judged, deletes it. */
async function takeOver(lockPath: string, staleText: string): Promise<void> {
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
