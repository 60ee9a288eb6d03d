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
/**
 * Longest side, in pixels, read from the header like the pixel cap (issue 37 item 7): a
 * 48 MP photo is 8,064 pixels long and a phone's widest panorama under 20,000, while a
 * "1 × 49,000,000" PNG of 95 KB passes the pixel cap and held the photo worker half a minute.
 */
export const MAX_PHOTO_SIDE = 20_000;
/**
 * Longest side over shortest: a panorama is 2:1 to 8:1. With every stored width at most 1,600,
 * no stored copy is then taller than 16,000 pixels, which every encoder takes (WebP's side
 * stops at 16,383).
 */
export const MAX_ASPECT_RATIO = 10;
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
