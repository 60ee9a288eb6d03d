import "server-only";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { getLogger } from "@/lib/ops/logger";
import { processSingleton } from "@/lib/process-singleton";
import { PhotoQueueFullError } from "./photo-errors";
import type { PhotoRecord, PhotoStore } from "./photo-store";
import { createPhotoWorker, PHOTO_WORKER_FILE, photoWorkerBuilt } from "./photo-worker-client";
import type { ProcessedPhoto } from "./process-photo";
import { removeStagedOf, uploadOf, type StagedPhoto } from "./stage-copies";
import { createWorkQueue } from "./work-queue";
import { removeAbandonedUploadDirs } from "./abandoned-uploads";

/**
 * One upload processed at a time per process, four more admitted (saving their bodies or
 * waiting, each at most 15 MiB); a sixth at once is refused with 503 before its body is read.
 * The processing runs in the photo worker, a child process at below-normal priority, off
 * the API's event loop: on a small machine photo work takes at most one core, only what the
 * API leaves of it, and a bounded amount of memory (docs/decisions/176, 178;
 * `npm run bench:photos`).
 */
export const PHOTO_CONCURRENCY = 1;
export const PHOTO_QUEUE_WAITING = 4;

/** Where uploads wait on PostgreSQL: one folder per process in the temporary directory. */
const UPLOADS_PREFIX = "petstore-photo-uploads-";

/** Saves an upload's body to this file, or throws (too large, the client gone). */
export type SaveBody = (file: string) => Promise<void>;

interface Processor {
  queue: ReturnType<typeof createWorkQueue>;
  process: (file: string, stagingDir?: string) => Promise<ProcessedPhoto | StagedPhoto>;
  /** Where uploads wait when the photo store has no staging directory (PostgreSQL). */
  uploadsDir: () => string;
  stop: () => void;
}

// One per process, whichever bundle asks (docs/decisions/005).
const processor = processSingleton<Processor>("photoProcessor");

/**
 * Admits an upload (or throws PhotoQueueFullError at once), has `save` write its body to a
 * file, processes it in turn and adds it to the animal's photos. The server's thread holds
 * neither the body nor the copies (docs/decisions/199): the body goes from the socket to a
 * file, the worker reads it and, when the store has a staging directory (the file store),
 * writes the copies there durably itself, so the store only moves them in place. The saved
 * body is removed whatever happens.
 */
export async function addUploadedPhoto(
  photos: PhotoStore,
  petId: number,
  alt: string,
  save: SaveBody,
): Promise<PhotoRecord> {
  const { queue, process, uploadsDir } = processor.settled() ?? (await processor.get(createProcessor));
  const stagingDir = photos.stagingDir;
  const saveUpload = async () => {
    const file = path.join(stagingDir ?? uploadsDir(), `${randomBytes(8).toString("hex")}.upload`);
    await save(file).catch(async (error: unknown) => {
      await rm(file, { force: true });
      throw error;
    });
    return file;
  };
  const processed = await queue.run(saveUpload, async (file) => {
    try {
      return await process(file, stagingDir);
    } catch (error) {
      // A worker that died while writing copies left them behind.
      if (stagingDir) await removeStagedOf(stagingDir, uploadOf(file));
      throw error;
    } finally {
      await rm(file, { force: true });
    }
  });
  return "staged" in processed ? photos.addStagedPhoto(petId, processed, alt) : photos.addPhoto(petId, processed, alt);
}

/** Lets the photo worker go, at a stop; uploads under way have been answered by then. */
export function stopPhotoProcessor(): void {
  processor.settled()?.stop();
}

async function createProcessor(): Promise<Processor> {
  const queue = createWorkQueue(PHOTO_CONCURRENCY, PHOTO_QUEUE_WAITING, () => new PhotoQueueFullError());
  removeAbandonedUploadDirs(os.tmpdir(), UPLOADS_PREFIX, Date.now(), getLogger());
  let tempDir: string | undefined;
  const uploadsDir = () => {
    tempDir ??= mkdtempSync(path.join(os.tmpdir(), UPLOADS_PREFIX));
    // Made again if a sweep took it while idle (see removeAbandonedUploadDirs).
    mkdirSync(tempDir, { recursive: true, mode: 0o700 });
    return tempDir;
  };
  const removeTempDir = () => {
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    tempDir = undefined;
  };
  if (photoWorkerBuilt()) {
    const worker = createPhotoWorker();
    return { queue, process: worker.process, uploadsDir, stop: () => (worker.stop(), removeTempDir()) };
  }
  // `next dev` and unit tests have no build: the same processing, on this process's threads.
  getLogger().warn(
    { event: "photo_worker_missing", file: PHOTO_WORKER_FILE },
    "Pet Store: no photo worker built (npm run build); photos are processed in the server's own process",
  );
  const { processUploadFile } = await import("./process-upload-file");
  return { queue, process: processUploadFile, uploadsDir, stop: removeTempDir };
}
