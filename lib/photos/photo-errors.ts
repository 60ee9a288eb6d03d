import { brandedError } from "@/lib/errors/branded-error";

/** Why an upload is refused; the API answers each with its own 4xx (lib/api/photos-api.ts). */
export type PhotoRefusal = "unsupported_image" | "invalid_image" | "image_too_large";

/** The bytes are not a JPEG, PNG or WebP, cannot be decoded, or decode to too many pixels. */
export class PhotoRefusedError extends brandedError(Symbol.for("petstore.PhotoRefusedError")) {
  constructor(
    readonly reason: PhotoRefusal,
    message: string,
  ) {
    super(message);
    this.name = "PhotoRefusedError";
  }
}

/** The animal has MAX_PHOTOS_PER_PET photos already. */
export class TooManyPhotosError extends brandedError(Symbol.for("petstore.TooManyPhotosError")) {
  constructor() {
    super("the animal has as many photos as it may have");
    this.name = "TooManyPhotosError";
  }
}

/** No photo of this animal has this id. */
export class PhotoNotFoundError extends brandedError(Symbol.for("petstore.PhotoNotFoundError")) {
  constructor() {
    super("no photo of this animal has this id");
    this.name = "PhotoNotFoundError";
  }
}

/** A new order that does not name each of the animal's photos exactly once. */
export class PhotoOrderMismatchError extends brandedError(Symbol.for("petstore.PhotoOrderMismatchError")) {
  constructor() {
    super("the order must name each of the animal's photos exactly once");
    this.name = "PhotoOrderMismatchError";
  }
}

/** The photo queue is full: too many uploads are being processed; retry shortly. */
export class PhotoQueueFullError extends brandedError(Symbol.for("petstore.PhotoQueueFullError")) {
  constructor() {
    super("too many photos are being processed; retry shortly");
    this.name = "PhotoQueueFullError";
  }
}
