import "server-only";
import { open, readdir, unlink } from "node:fs/promises";
import path from "node:path";
import type { PhotoExt } from "./photo-limits";
import { variantName } from "./variant-name";
import type { ProcessedPhoto } from "./process-photo";

/** One copy written durably into a store's staging directory, waiting to be moved in place. */
export interface StagedVariant {
  width: number;
  height: number;
  ext: PhotoExt;
  /** Its file name in the staging directory. */
  staged: string;
  size: number;
}

/** A processed photo whose copies are files already, not bytes (lib/photos/photo-store.ts's stagingDir). */
export interface StagedPhoto {
  hash: string;
  width: number;
  height: number;
  staged: StagedVariant[];
}

/**
 * Writes each copy into `stagingDir` as `<upload>-<its name>` and fsyncs it, so that the store
 * only has to rename them in place (and fsync its directory) to make them durable: the
 * megabytes are written by the photo worker, never by the server's thread
 * (docs/decisions/199). On a failure the copies written so far are removed; if the worker dies
 * instead, the server removes them by the upload's name (removeStagedOf).
 */
export async function stageCopies(photo: ProcessedPhoto, stagingDir: string, upload: string): Promise<StagedPhoto> {
  const prefix = upload;
  const staged: StagedVariant[] = [];
  try {
    for (const { width, height, ext, bytes } of photo.variants) {
      const name = `${prefix}-${variantName(photo.hash, width, ext)}`;
      staged.push({ width, height, ext, staged: name, size: bytes.byteLength });
      const handle = await open(path.join(stagingDir, name), "w", 0o644);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
    }
  } catch (error) {
    await removeStaged(stagingDir, staged);
    throw error;
  }
  return { hash: photo.hash, width: photo.width, height: photo.height, staged };
}

/** Removes staged copies that will not be moved in place (missing ones are no error). */
export async function removeStaged(stagingDir: string, staged: readonly StagedVariant[]): Promise<void> {
  await Promise.all(staged.map((variant) => unlink(path.join(stagingDir, variant.staged)).catch(() => {})));
}

/** An upload's name: its saved body's file name without `.upload`; its staged copies start with it. */
export function uploadOf(file: string): string {
  return path.basename(file, ".upload");
}

/** Removes whatever copies of this upload are staged (after a worker died while writing them). */
export async function removeStagedOf(stagingDir: string, upload: string): Promise<void> {
  const names = await readdir(stagingDir).catch(() => []);
  const mine = names.filter((name) => name.startsWith(`${upload}-`));
  await Promise.all(mine.map((name) => unlink(path.join(stagingDir, name)).catch(() => {})));
}
