import "server-only";
import { fork, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { PhotoRefusedError } from "./photo-errors";
import type { ProcessedPhoto } from "./process-photo";
import type { StagedPhoto } from "./stage-copies";
import type { WorkerAnswer } from "./photo-worker-messages";

/**
 * The worker `npm run build` bundles (lib/photos/photo-worker.ts), found from the working
 * directory as both `npm start` and `next start` run: the build's folder, like Next's own.
 */
export const PHOTO_WORKER_FILE = path.join(
  /* turbopackIgnore: true */ process.cwd(),
  process.env.NEXT_DIST_DIR || ".next",
  "front/photo-worker.mjs",
);

/** An idle worker is let go after this long: its ~60 MB are the API's again. */
const IDLE_MS = 60_000;

/**
 * The most one upload may hold the worker (docs/decisions/176, issue 37 item 7): a 48 MP
 * photo takes a few seconds on a small machine, and the shape limits refuse the images that
 * took half a minute; past this, the worker is killed (libvips cannot be interrupted), the
 * upload refused, and the next upload gets a new worker instead of a 503 behind it.
 */
export const PHOTO_JOB_BUDGET_MS = 60_000;

interface Pending {
  resolve: (photo: ProcessedPhoto | StagedPhoto) => void;
  reject: (error: Error) => void;
}

/** A running worker and the uploads it holds. */
interface Worker {
  child: ChildProcess;
  held: Map<number, Pending>;
}

/**
 * The photo worker process, started at the first upload and let go when idle. Each call
 * sends where one upload was saved (and where to stage its copies) and resolves with its
 * copies, staged or as bytes; a refusal from the worker is the
 * same PhotoRefusedError as in-process. If the worker dies, the uploads it held fail and the
 * next upload starts a new one.
 */
export function createPhotoWorker(
  file: string = PHOTO_WORKER_FILE,
  { jobBudgetMs = PHOTO_JOB_BUDGET_MS }: { jobBudgetMs?: number } = {},
) {
  let current: Worker | undefined;
  let idle: NodeJS.Timeout | undefined;
  let nextId = 1;

  function start(): Worker {
    const child = fork(file, [], {
      serialization: "advanced", // copies as Buffers (for PostgreSQL), without base64 or JSON
      execArgv: [], // not the server's flags (an inspector port, a profiler)
      env: workerEnv(),
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    const worker: Worker = { child, held: new Map() };
    child.on("message", (answer: WorkerAnswer) => {
      const waiter = worker.held.get(answer.id);
      worker.held.delete(answer.id);
      if (worker.held.size === 0) rest(worker);
      if (!waiter) return;
      if (answer.photo) waiter.resolve(revive(answer.photo));
      else if (answer.refused) waiter.reject(new PhotoRefusedError(answer.refused.reason, answer.refused.message));
      else waiter.reject(new Error(`the photo worker failed: ${answer.failed}`));
    });
    const ended = (why: string) => {
      if (current === worker) current = undefined;
      for (const waiter of worker.held.values()) waiter.reject(new Error(`the photo worker ${why}`));
      worker.held.clear();
    };
    child.on("exit", (code, signal) => ended(`exited (${signal ?? code})`));
    child.on("error", (error) => ended(`could not run: ${error.message}`));
    return worker;
  }

  // An idle worker neither keeps the server's process alive nor lingers past IDLE_MS.
  function rest(worker: Worker): void {
    worker.child.unref();
    worker.child.channel?.unref();
    clearTimeout(idle);
    idle = setTimeout(stop, IDLE_MS).unref();
  }

  function stop(): void {
    clearTimeout(idle);
    if (current?.child.connected) current.child.disconnect(); // the worker exits on disconnect
    current = undefined;
  }

  return {
    process(file: string, stagingDir?: string): Promise<ProcessedPhoto | StagedPhoto> {
      clearTimeout(idle);
      const worker = current?.child.connected ? current : (current = start());
      worker.child.ref();
      worker.child.channel?.ref();
      const id = nextId++;
      return new Promise<ProcessedPhoto | StagedPhoto>((resolve, reject) => {
        const overdue = setTimeout(() => {
          if (!worker.held.delete(id)) return;
          reject(overBudget(jobBudgetMs));
          if (current === worker) current = undefined;
          worker.child.kill("SIGKILL");
        }, jobBudgetMs);
        overdue.unref();
        worker.held.set(id, {
          resolve: (photo) => (clearTimeout(overdue), resolve(photo)),
          reject: (error) => (clearTimeout(overdue), reject(error)),
        });
        worker.child.send({ id, file, stagingDir }, (error) => {
          if (!error || !worker.held.delete(id)) return;
          clearTimeout(overdue);
          reject(error);
        });
      });
    },
    /** Lets the worker go (at a stop); uploads it still holds fail. */
    stop,
    /** The worker's process id, if one is running (for tests). */
    pid: () => current?.child.pid,
  };
}

function overBudget(budgetMs: number): PhotoRefusedError {
  return new PhotoRefusedError(
    "image_too_large",
    `The image took longer than the ${budgetMs / 1000} s an upload may take to process; send a smaller one.`,
  );
}

/**
 * What the worker needs, and nothing else: no API keys, no database URL. glibc's malloc is
 * held to two arenas (unless the operator chose otherwise): libvips allocates large buffers
 * from changing threads, and with the default arena per thread the worker's RSS crept from
 * 250 to 350 MB over five 12 MP photos; with two it stayed at 260 MB (docs/decisions/178).
 */
function workerEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const name of Object.keys(env)) if (name.startsWith("PETSTORE_")) delete env[name];
  env.MALLOC_ARENA_MAX ??= "2";
  return env;
}

/** Buffers as Buffers, whatever the channel turned them into. */
function revive(photo: ProcessedPhoto | StagedPhoto): ProcessedPhoto | StagedPhoto {
  if ("staged" in photo) return photo;
  const asBuffer = (bytes: Uint8Array) =>
    Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return { ...photo, variants: photo.variants.map((variant) => ({ ...variant, bytes: asBuffer(variant.bytes) })) };
}

/** Whether a build has bundled the worker (not under `next dev`, nor in unit tests). */
export const photoWorkerBuilt = (file: string = PHOTO_WORKER_FILE) => existsSync(file);
