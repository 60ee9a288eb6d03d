/**
 * The photo worker: a child process of the server that processes one upload at a time
 * (lib/photos/photo-worker-client.ts sends them). Bundled on its own by `npm run build` into
 * <distDir>/front/photo-worker.mjs (scripts/build-front-server.mjs), so `npm start` and
 * `next start` run the same file. Why a process of its own (docs/decisions/178): the
 * scheduler then gives the API's thread the CPU first, since every thread here runs at a
 * lower priority, and hashing and copying a 15 MB body no longer happen on the API's event loop.
 * It reads the upload from the file the server saved it to and, on the file store, writes the
 * copies itself (docs/decisions/199): no megabytes cross the channel either way.
 */
import { readdirSync } from "node:fs";
import os from "node:os";
import { PhotoRefusedError } from "./photo-errors";
import { processUploadFile } from "./process-upload-file";
import type { WorkerAnswer, WorkerJob } from "./photo-worker-messages";

lowerPriority();

process.on("message", (job: WorkerJob) => {
  void answer(job).then((reply) => process.send!(reply));
});
// The server is gone (or let this worker go when idle): nothing more will come.
process.on("disconnect", () => process.exit(0));

async function answer({ id, file, stagingDir }: WorkerJob): Promise<WorkerAnswer> {
  try {
    return { id, photo: await processUploadFile(file, stagingDir) };
  } catch (error) {
    if (error instanceof PhotoRefusedError) return { id, refused: { reason: error.reason, message: error.message } };
    return { id, failed: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Below-normal priority (nice 10) for every thread of this process. Linux keeps a priority
 * per thread: the threads running now are lowered one by one, and the ones started later
 * (libuv's pool, libvips' workers) inherit it from the thread that starts them.
 */
function lowerPriority(): void {
  const level = os.constants.priority.PRIORITY_BELOW_NORMAL;
  try {
    os.setPriority(level);
  } catch {
    return; // not permitted here: the work still runs, at the usual priority
  }
  let threads: string[] = [];
  try {
    threads = readdirSync("/proc/self/task");
  } catch {
    return; // not Linux: the process's priority (set above) is every thread's
  }
  for (const thread of threads) {
    try {
      os.setPriority(Number(thread), level);
    } catch {
      // a thread that has ended since the listing
    }
  }
}
