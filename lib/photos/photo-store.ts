import type { PhotoPatch } from "@/lib/pets/schemas";
import type { MaybePromise } from "@/lib/maybe-promise";
import type { PhotoExt } from "./photo-limits";
import type { ProcessedPhoto } from "./process-photo";
import type { StagedPhoto } from "./stage-copies";

/** What is kept about one photo of one animal; its bytes are stored once per `hash`. */
export interface PhotoRecord {
  id: number;
  petId: number;
  hash: string;
  /** The largest stored copy's size, upright. */
  width: number;
  height: number;
  /** Every stored width, narrowest first; each in every PHOTO_FORMATS format. */
  widths: number[];
  alt: string;
}

/**
 * Where photos live: a port with a file adapter (the data directory) and a PostgreSQL one
 * (so every instance serves every photo), chosen like the pet store (docs/decisions/175).
 * An animal's photos are kept in order, the primary first. Every change resolves only once
 * durable. Errors: lib/photos/photo-errors.ts; storage faults are StoreUnavailableError.
 */
export interface PhotoStore {
  /** Stores the copies (once per hash) and appends the photo; TooManyPhotosError past the limit. */
  addPhoto(petId: number, photo: ProcessedPhoto, alt: string): Promise<PhotoRecord>;
  /**
   * A directory on the store's own file system where uploads are saved and the photo worker
   * writes a photo's copies (lib/photos/stage-copies.ts), so that their bytes never pass
   * through the server's thread (docs/decisions/199); undefined when the copies are kept
   * elsewhere (PostgreSQL): then they come back as bytes, for addPhoto.
   */
  readonly stagingDir: string | undefined;
  /**
   * Like addPhoto, for copies written into stagingDir and fsynced: moves them in place
   * durably, or removes them when the photo is refused. Only where stagingDir is set.
   */
  addStagedPhoto(petId: number, photo: StagedPhoto, alt: string): Promise<PhotoRecord>;
  /** The animal's photos, primary first ([] when none). */
  listPhotos(petId: number): MaybePromise<PhotoRecord[]>;
  /** The photos of each of these animals (absent from the map: none). */
  photosOf(petIds: readonly number[]): MaybePromise<ReadonlyMap<number, PhotoRecord[]>>;
  /** Sets alt text and/or moves the photo first; PhotoNotFoundError. Resolves to the animal's photos. */
  updatePhoto(petId: number, photoId: number, patch: PhotoPatch): Promise<PhotoRecord[]>;
  /** Puts the photos in this order; PhotoOrderMismatchError unless it names each exactly once. */
  reorderPhotos(petId: number, order: readonly number[]): Promise<PhotoRecord[]>;
  /** Removes the photo; its copies stop being served once no other photo shares them. */
  deletePhoto(petId: number, photoId: number): Promise<void>;
  /** One stored copy's bytes, or undefined when no photo has it; at once when the copy is in memory. */
  readVariant(hash: string, width: number, ext: PhotoExt): MaybePromise<Buffer | undefined>;
  close(): Promise<void>;
}

/** `order` names each photo exactly once. */
export function isPermutationOf(order: readonly number[], photos: readonly PhotoRecord[]): boolean {
  const wanted = new Set(order);
  return wanted.size === order.length && order.length === photos.length && photos.every((p) => wanted.has(p.id));
}
