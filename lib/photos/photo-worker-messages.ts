import type { PhotoRefusal } from "./photo-errors";
import type { ProcessedPhoto } from "./process-photo";
import type { StagedPhoto } from "./stage-copies";

/**
 * What the server sends the photo worker: where one upload's body was saved, and where to
 * write its copies (or none: answer them as bytes). Paths, not megabytes (docs/decisions/199).
 */
export interface WorkerJob {
  id: number;
  file: string;
  stagingDir?: string;
}

/** What the photo worker answers: the processed photo, a refusal (a 4xx), or a failure. */
export type WorkerAnswer =
  | { id: number; photo: ProcessedPhoto | StagedPhoto; refused?: undefined; failed?: undefined }
  | { id: number; refused: { reason: PhotoRefusal; message: string }; photo?: undefined; failed?: undefined }
  | { id: number; failed: string; photo?: undefined; refused?: undefined };
