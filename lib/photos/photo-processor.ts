import "server-only";
import { processSingleton } from "@/lib/process-singleton";
import { PhotoQueueFullError } from "./photo-errors";
import { processPhoto, type ProcessedPhoto } from "./process-photo";
import { createWorkQueue } from "./work-queue";

/**
 * One upload processed at a time per process, four more waiting (each holding its body,
 * at most 15 MiB): on a small machine photo work takes one core and a bounded amount of
 * memory, and the API keeps the rest (docs/decisions/176; `npm run bench:photos`).
 */
export const PHOTO_CONCURRENCY = 1;
export const PHOTO_QUEUE_WAITING = 4;

const queue = processSingleton<ReturnType<typeof createWorkQueue>>("photoQueue");
const created = createWorkQueue(PHOTO_CONCURRENCY, PHOTO_QUEUE_WAITING, () => new PhotoQueueFullError());

/** processPhoto through the process's one queue; PhotoQueueFullError when it is full. */
export async function processUpload(bytes: Uint8Array): Promise<ProcessedPhoto> {
  const shared = queue.settled() ?? (await queue.get(async () => created));
  return shared.run(() => processPhoto(bytes));
}
