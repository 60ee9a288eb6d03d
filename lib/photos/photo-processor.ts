import "server-only";
import { getLogger } from "@/lib/ops/logger";
import { processSingleton } from "@/lib/process-singleton";
import { PhotoQueueFullError } from "./photo-errors";
import { createPhotoWorker, PHOTO_WORKER_FILE, photoWorkerBuilt } from "./photo-worker-client";
import type { ProcessedPhoto } from "./process-photo";
import { createWorkQueue } from "./work-queue";

/**
 * One upload processed at a time per process, four more admitted (reading their bodies or
 * waiting, each at most 15 MiB); a sixth at once is refused with 503 before its body is read.
 * The processing runs in the photo worker, a child process at below-normal priority, off
 * the API's event loop: on a small machine photo work takes at most one core, only what the
 * API leaves of it, and a bounded amount of memory (docs/decisions/176, 178;
 * `npm run bench:photos`).
 */
export const PHOTO_CONCURRENCY = 1;
export const PHOTO_QUEUE_WAITING = 4;

interface Processor {
  queue: ReturnType<typeof createWorkQueue>;
  process: (bytes: Uint8Array) => Promise<ProcessedPhoto>;
  stop: () => void;
}

// One per process, whichever bundle asks (docs/decisions/005).
const processor = processSingleton<Processor>("photoProcessor");

/**
 * Admits an upload (or throws PhotoQueueFullError at once), then reads its body with `read`
 * and processes it in turn.
 */
export async function processUpload(read: () => Promise<Uint8Array>): Promise<ProcessedPhoto> {
  const { queue, process } = processor.settled() ?? (await processor.get(createProcessor));
  return queue.run(read, process);
}

/** Lets the photo worker go, at a stop; uploads under way have been answered by then. */
export function stopPhotoProcessor(): void {
  processor.settled()?.stop();
}

async function createProcessor(): Promise<Processor> {
  const queue = createWorkQueue(PHOTO_CONCURRENCY, PHOTO_QUEUE_WAITING, () => new PhotoQueueFullError());
  if (photoWorkerBuilt()) {
    const worker = createPhotoWorker();
    return { queue, process: worker.process, stop: worker.stop };
  }
  // `next dev` and unit tests have no build: the same processing, on this process's threads.
  getLogger().warn(
    { event: "photo_worker_missing", file: PHOTO_WORKER_FILE },
    "Pet Store: no photo worker built (npm run build); photos are processed in the server's own process",
  );
  const { processPhoto } = await import("./process-photo");
  return { queue, process: processPhoto, stop: () => {} };
}
