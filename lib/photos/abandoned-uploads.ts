import { readdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";

/** Longer than any upload can wait and be processed: the request timeout is at most an hour. */
export const ABANDONED_AFTER_MS = 2 * 3_600_000;

/**
 * Removes the upload folders (`<parent>/<prefix>…`) that processes which crashed left behind
 * (a process that stops removes its own): those untouched for two hours. A live but idle
 * process's folder may go too; it makes it again at its next upload. Never throws: a sweep
 * that fails is logged and the server goes on.
 */
export function removeAbandonedUploadDirs(
  parent: string,
  prefix: string,
  now: number,
  logger: { warn: (fields: object, message: string) => void },
): void {
  try {
    for (const name of readdirSync(parent)) {
      if (!name.startsWith(prefix)) continue;
      const dir = path.join(parent, name);
      if (now - statSync(dir).mtimeMs > ABANDONED_AFTER_MS) rmSync(dir, { recursive: true, force: true });
    }
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    logger.warn({ event: "photo_uploads_sweep_failed", code }, "Pet Store: could not sweep old photo upload folders");
  }
}
