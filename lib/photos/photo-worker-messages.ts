import type { PhotoRefusal } from "./photo-errors";
import type { ProcessedPhoto } from "./process-photo";

/** What the server sends the photo worker: one upload's bytes. */
export interface WorkerJob {
  id: number;
  bytes: Uint8Array;
}

/** What the photo worker answers: the processed photo, a refusal (a 4xx), or a failure. */
export type WorkerAnswer =
  | { id: number; photo: ProcessedPhoto; refused?: undefined; failed?: undefined }
  | { id: number; refused: { reason: PhotoRefusal; message: string }; photo?: undefined; failed?: undefined }
  | { id: number; failed: string; photo?: undefined; refused?: undefined };
