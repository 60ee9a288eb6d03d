import "server-only";
import { mkdir, open, readFile, rename, rm, unlink } from "node:fs/promises";
import path from "node:path";
import type { PhotoPatch } from "@/lib/pets/schemas";
import type { MaybePromise } from "@/lib/maybe-promise";
import { replaceFileDurably, syncDirectory } from "@/lib/durable-file";
import { StoreUnavailableError } from "@/lib/errors/store-errors";
import { MAX_PHOTOS_PER_PET, PHOTO_FORMATS, type PhotoExt } from "./photo-limits";
import { PhotoNotFoundError, PhotoOrderMismatchError, TooManyPhotosError } from "./photo-errors";
import { isPermutationOf, type PhotoRecord, type PhotoStore } from "./photo-store";
import { variantName } from "./variant-name";
import type { ProcessedPhoto } from "./process-photo";
import { removeStaged, type StagedPhoto } from "./stage-copies";

interface Book {
  nextId: number;
  /** Every photo, each animal's in its order. */
  photos: PhotoRecord[];
}

const BOOK_FILE = "photos.json";
/** Uploads being processed and copies not yet moved in place; emptied at each opening. */
const STAGING = "staging";

/**
 * Photos in `<dataDir>/photos/`: each stored copy a file named by the upload's hash
 * (content-addressed, so a photo uploaded twice is stored once), and the list of photos in
 * photos.json, replaced atomically on each change. Copies are fsynced, then the directory,
 * then the list: a photo is listed only once its files would survive a crash
 * (docs/decisions/175). One process owns the data directory (the pet store's lock), so
 * changes are serialized here, and whatever an earlier run left in `photos/staging/` (an
 * upload or copies it never finished) is removed at opening.
 */
export async function openFilePhotoStore(dataDir: string): Promise<PhotoStore> {
  const dir = path.join(dataDir, "photos");
  await rm(path.join(dir, STAGING), { recursive: true, force: true });
  await mkdir(path.join(dir, STAGING), { recursive: true });
  const book = await readBook(path.join(dir, BOOK_FILE));
  return new FilePhotoStore(dir, book);
}

async function readBook(file: string): Promise<Book> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as Book;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { nextId: 1, photos: [] };
    throw error;
  }
}

/** Bytes of recently served copies kept in memory: a hot variant is served without a read. */
const CACHE_BYTES = 32 * 1024 * 1024;

class FilePhotoStore implements PhotoStore {
  private queue: Promise<unknown> = Promise.resolve();
  // Insertion order is age: the oldest entry is dropped first once over CACHE_BYTES.
  private readonly cache = new Map<string, Buffer>();
  private cachedBytes = 0;

  readonly stagingDir: string;

  constructor(
    private readonly dir: string,
    private book: Book,
  ) {
    this.stagingDir = path.join(dir, STAGING);
  }

  addPhoto(petId: number, photo: ProcessedPhoto, alt: string): Promise<PhotoRecord> {
    return this.serially(async () => {
      if (this.of(petId).length >= MAX_PHOTOS_PER_PET) throw new TooManyPhotosError();
      if (!this.isStored(photo.hash)) await this.writeCopies(photo);
      return this.append(petId, photo.hash, photo, photo.variants, alt);
    });
  }

  addStagedPhoto(petId: number, photo: StagedPhoto, alt: string): Promise<PhotoRecord> {
    // In line with the other changes: a photo deleted meanwhile cannot take copies moved in for this one.
    const added = this.serially(async () => {
      if (this.of(petId).length >= MAX_PHOTOS_PER_PET) throw new TooManyPhotosError();
      if (!this.isStored(photo.hash)) await this.moveStagedCopies(photo);
      return this.append(petId, photo.hash, photo, photo.staged, alt);
    });
    // Whatever was not moved in place (refused, stored already, a failure) goes.
    return added.finally(() => removeStaged(this.stagingDir, photo.staged));
  }

  private isStored(hash: string): boolean {
    return this.book.photos.some((record) => record.hash === hash);
  }

  private async append(
    petId: number,
    hash: string,
    size: { width: number; height: number },
    copies: readonly { width: number }[],
    alt: string,
  ): Promise<PhotoRecord> {
    const record: PhotoRecord = {
      id: this.book.nextId,
      petId,
      hash,
      width: size.width,
      height: size.height,
      widths: [...new Set(copies.map((copy) => copy.width))],
      alt,
    };
    await this.save({ nextId: record.id + 1, photos: [...this.book.photos, record] });
    return record;
  }

  listPhotos(petId: number): PhotoRecord[] {
    return this.of(petId);
  }

  photosOf(petIds: readonly number[]): ReadonlyMap<number, PhotoRecord[]> {
    const found = new Map<number, PhotoRecord[]>();
    if (this.book.photos.length === 0) return found;
    const wanted = new Set(petIds);
    for (const record of this.book.photos) {
      if (!wanted.has(record.petId)) continue;
      const list = found.get(record.petId);
      if (list) list.push(record);
      else found.set(record.petId, [record]);
    }
    return found;
  }

  updatePhoto(petId: number, photoId: number, patch: PhotoPatch): Promise<PhotoRecord[]> {
    return this.serially(async () => {
      const photos = this.of(petId);
      const photo = photos.find((record) => record.id === photoId);
      if (!photo) throw new PhotoNotFoundError();
      const changed = { ...photo, alt: patch.alt ?? photo.alt };
      const others = photos.filter((record) => record.id !== photoId);
      const ordered = patch.primary ? [changed, ...others] : photos.map((p) => (p.id === photoId ? changed : p));
      await this.replacePetPhotos(petId, ordered);
      return ordered;
    });
  }

  reorderPhotos(petId: number, order: readonly number[]): Promise<PhotoRecord[]> {
    return this.serially(async () => {
      const photos = this.of(petId);
      if (!isPermutationOf(order, photos)) throw new PhotoOrderMismatchError();
      const ordered = order.map((id) => photos.find((record) => record.id === id)!);
      await this.replacePetPhotos(petId, ordered);
      return ordered;
    });
  }

  deletePhoto(petId: number, photoId: number): Promise<void> {
    return this.serially(async () => {
      const photo = this.of(petId).find((record) => record.id === photoId);
      if (!photo) throw new PhotoNotFoundError();
      const photos = this.book.photos.filter((record) => record !== photo);
      await this.save({ nextId: this.book.nextId, photos });
      // Unlisted first, then removed: a crash between leaves unused files, never a listed photo without them.
      if (!photos.some((record) => record.hash === photo.hash)) await this.removeCopies(photo);
    });
  }

  readVariant(hash: string, width: number, ext: PhotoExt): MaybePromise<Buffer | undefined> {
    const name = variantName(hash, width, ext);
    // A hot copy without a promise: each one costs while Next tracks async context (docs/decisions/112).
    return this.cache.get(name) ?? this.readCopy(name, hash);
  }

  private async readCopy(name: string, hash: string): Promise<Buffer | undefined> {
    try {
      const bytes = await readFile(path.join(this.dir, name));
      // Not if the photo was deleted while this read was under way.
      if (this.book.photos.some((record) => record.hash === hash)) this.remember(name, bytes);
      return bytes;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
      throw new StoreUnavailableError(error);
    }
  }

  async close(): Promise<void> {
    await this.queue.catch(() => {});
  }

  private remember(name: string, bytes: Buffer): void {
    if (bytes.byteLength > CACHE_BYTES / 8) return;
    this.cache.set(name, bytes);
    this.cachedBytes += bytes.byteLength;
    for (const [oldest, old] of this.cache) {
      if (this.cachedBytes <= CACHE_BYTES) break;
      this.cache.delete(oldest);
      this.cachedBytes -= old.byteLength;
    }
  }

  private forget(name: string): void {
    const cached = this.cache.get(name);
    if (!cached) return;
    this.cache.delete(name);
    this.cachedBytes -= cached.byteLength;
  }

  private of(petId: number): PhotoRecord[] {
    return this.book.photos.filter((record) => record.petId === petId);
  }

  /** One change at a time, each seeing the one before it. */
  private serially<T>(change: () => Promise<T>): Promise<T> {
    const run = this.queue.then(change, change);
    this.queue = run.catch(() => {});
    return run;
  }

  private async replacePetPhotos(petId: number, ordered: PhotoRecord[]): Promise<void> {
    const rest = this.book.photos.filter((record) => record.petId !== petId);
    await this.save({ nextId: this.book.nextId, photos: [...rest, ...ordered] });
  }

  private async save(book: Book): Promise<void> {
    try {
      await replaceFileDurably(path.join(this.dir, BOOK_FILE), JSON.stringify(book));
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
    this.book = book;
  }

  private async writeCopies(photo: ProcessedPhoto): Promise<void> {
    try {
      for (const variant of photo.variants) {
        const file = path.join(this.dir, variantName(photo.hash, variant.width, variant.ext));
        const temporary = `${file}.tmp`;
        const handle = await open(temporary, "w", 0o644);
        try {
          await handle.writeFile(variant.bytes);
          await handle.sync();
        } finally {
          await handle.close();
        }
        await rename(temporary, file);
      }
      await syncDirectory(this.dir);
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  /** Copies fsynced by the worker: renamed in place, then the directory fsynced so the names hold. */
  private async moveStagedCopies(photo: StagedPhoto): Promise<void> {
    try {
      for (const variant of photo.staged) {
        const name = variantName(photo.hash, variant.width, variant.ext);
        await rename(path.join(this.stagingDir, variant.staged), path.join(this.dir, name));
      }
      await syncDirectory(this.dir);
    } catch (error) {
      throw new StoreUnavailableError(error);
    }
  }

  private async removeCopies(photo: PhotoRecord): Promise<void> {
    for (const width of photo.widths) {
      for (const { ext } of PHOTO_FORMATS) {
        const name = variantName(photo.hash, width, ext);
        this.forget(name);
        await unlink(path.join(this.dir, name)).catch(() => {});
      }
    }
    await syncDirectory(this.dir).catch(() => {});
  }
}
