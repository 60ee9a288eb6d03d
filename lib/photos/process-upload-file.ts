import "server-only";
import { readFile } from "node:fs/promises";
import { processPhoto, type ProcessedPhoto } from "./process-photo";
import { stageCopies, uploadOf, type StagedPhoto } from "./stage-copies";

/**
 * One upload, saved to `file` by the server, processed (lib/photos/process-photo.ts: its type
 * sniffed from its bytes, the pixel limit, no metadata kept). With a `stagingDir` its copies
 * are written there durably, named after the upload, and only their names and sizes come
 * back; without one (a store that keeps bytes elsewhere, PostgreSQL) the copies come back as
 * bytes. Runs in the photo worker, or in the server's process when no worker is built
 * (docs/decisions/199).
 */
export async function processUploadFile(file: string, stagingDir?: string): Promise<ProcessedPhoto | StagedPhoto> {
  const photo = await processPhoto(await readFile(file));
  return stagingDir ? stageCopies(photo, stagingDir, uploadOf(file)) : photo;
}
