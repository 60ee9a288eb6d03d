/**
 * What an uploaded photo may be and what is kept of it (docs/decisions/176). Isomorphic:
 * the staff console checks a file's size before sending it.
 */

/** Largest upload: a 12–48 MP phone JPEG is 3–12 MB. */
export const MAX_PHOTO_BYTES = 15 * 1024 * 1024;
/** Photos one animal may have: a gallery, not an archive. */
export const MAX_PHOTOS_PER_PET = 12;
/**
 * Largest decoded image, in pixels (width × height): a 48 MP phone photo passes, a
 * decompression bomb (a small file declaring 30,000 × 30,000) is refused before decoding.
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** The widths stored, never wider than the upright original (no upscaling). */
export const PHOTO_WIDTHS = [320, 640, 960, 1280, 1600] as const;
/** Each width is stored in each of these, best compression first (a <picture>'s order). */
export const PHOTO_FORMATS = [
  { ext: "avif", type: "image/avif" },
  { ext: "webp", type: "image/webp" },
  { ext: "jpg", type: "image/jpeg" },
] as const;
export type PhotoExt = (typeof PHOTO_FORMATS)[number]["ext"];
/** The media types an upload may be, told from its first bytes. */
export const UPLOAD_TYPES = ["image/jpeg", "image/png", "image/webp"] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];
