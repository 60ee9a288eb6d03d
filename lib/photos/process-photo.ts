import "server-only";
import { createHash } from "node:crypto";
import sharp, { type Sharp } from "sharp";
import {
  MAX_ASPECT_RATIO,
  MAX_INPUT_PIXELS,
  MAX_PHOTO_SIDE,
  PHOTO_FORMATS,
  PHOTO_WIDTHS,
  type PhotoExt,
} from "./photo-limits";
import { PhotoRefusedError } from "./photo-errors";
import { sniffImageType } from "./sniff-image-type";

/** One stored copy: a width in one format. */
export interface PhotoVariant {
  width: number;
  height: number;
  ext: PhotoExt;
  bytes: Buffer;
}

export interface ProcessedPhoto {
  /** Names the stored copies: the SHA-256 of the uploaded bytes, 32 hex digits. */
  hash: string;
  /** The largest stored copy's size, upright. */
  width: number;
  height: number;
  variants: PhotoVariant[];
}

// libvips works each image on one thread and keeps no cache of decoded images: memory and
// CPU per upload stay bounded, and the work queue (./photo-processor.ts) bounds the uploads.
sharp.concurrency(1);
sharp.cache(false);

const SHARP_FORMATS = { "image/jpeg": "jpeg", "image/png": "png", "image/webp": "webp" } as const;

/**
 * Decodes an upload under MAX_INPUT_PIXELS, turns it upright from its EXIF orientation and
 * stores it at each of PHOTO_WIDTHS no wider than itself (plus its own width when narrower
 * than the widest) in AVIF, WebP and JPEG. Nothing of the original's metadata is written
 * (sharp keeps none unless asked): no EXIF, no GPS, no ICC profile beyond sRGB.
 * Throws PhotoRefusedError for anything that is not a whole JPEG, PNG or WebP.
 */
export async function processPhoto(bytes: Uint8Array): Promise<ProcessedPhoto> {
  const type = sniffImageType(bytes);
  if (!type) {
    throw new PhotoRefusedError("unsupported_image", "The body is not a JPEG, PNG or WebP image.");
  }
  const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const metadata = await sharp(input, { limitInputPixels: false })
    .metadata()
    .catch(() => {
      throw undecodable();
    });
  if (metadata.format !== SHARP_FORMATS[type] || !metadata.width || !metadata.height) throw undecodable();
  // Refused from the header, before a single pixel is decoded.
  refuseShape(metadata.width, metadata.height);
  const turned = (metadata.orientation ?? 1) >= 5;
  const uprightWidth = turned ? metadata.height : metadata.width;
  const widths = widthsFor(uprightWidth);
  const largest = widths.at(-1)!;

  // Decoded, turned and shrunk to the largest width once; each copy is made from that.
  const base = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "warning" })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .toColourspace("srgb")
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => {
      throw undecodable();
    });
  const { width, height, channels } = base.info;
  const variants: PhotoVariant[] = [];
  for (const target of widths) {
    const resized = sharp(base.data, { raw: { width, height, channels } }).resize({ width: target });
    for (const { ext } of PHOTO_FORMATS) variants.push(await encodeCopy(resized.clone(), ext));
  }
  const hash = createHash("sha256").update(input).digest("hex").slice(0, 32);
  return { hash, width, height, variants };
}

/**
 * Too many pixels, a side too long or a shape too narrow: each costs the worker time or makes
 * a copy no encoder takes (a 1 × 49,000,000 PNG), and each is read off the header.
 */
function refuseShape(width: number, height: number): void {
  const size = `The image is ${width} × ${height} pixels`;
  if (width * height > MAX_INPUT_PIXELS)
    throw tooLarge(`${size}; at most ${MAX_INPUT_PIXELS.toLocaleString("en")} pixels are accepted.`);
  if (Math.max(width, height) > MAX_PHOTO_SIDE)
    throw tooLarge(`${size}; no side may be longer than ${MAX_PHOTO_SIDE.toLocaleString("en")} pixels.`);
  if (Math.max(width, height) > MAX_ASPECT_RATIO * Math.min(width, height))
    throw tooLarge(`${size}; its long side may be at most ${MAX_ASPECT_RATIO} times its short side.`);
}

/**
 * One stored copy. An encoder that fails (a side past its format's limit, whatever got past
 * refuseShape) refuses the upload like refuseShape does: a 422, never a 500.
 */
export async function encodeCopy(image: Sharp, ext: PhotoExt): Promise<PhotoVariant> {
  try {
    const { data, info } = await encode(image, ext).toBuffer({ resolveWithObject: true });
    return { width: info.width, height: info.height, ext, bytes: data };
  } catch {
    throw tooLarge(`The image cannot be stored as ${ext.toUpperCase()} at the sizes kept; send a smaller one.`);
  }
}

function tooLarge(message: string): PhotoRefusedError {
  return new PhotoRefusedError("image_too_large", message);
}

/** The fixed widths narrower than the image, and the image's own width up to the widest. */
export function widthsFor(imageWidth: number): number[] {
  const widths: number[] = PHOTO_WIDTHS.filter((width) => width < imageWidth);
  if (imageWidth <= PHOTO_WIDTHS.at(-1)!) widths.push(imageWidth);
  return widths;
}

// Qualities where each format's artefacts are hard to see on a photo; AVIF's effort is kept
// low because its encoder is the slow one (docs/decisions/176).
function encode(image: Sharp, ext: PhotoExt): Sharp {
  if (ext === "avif") return image.avif({ quality: 55, effort: 2 });
  if (ext === "webp") return image.webp({ quality: 78, effort: 4 });
  return image.flatten({ background: "#ffffff" }).jpeg({ quality: 80, progressive: true, mozjpeg: true });
}

function undecodable(): PhotoRefusedError {
  return new PhotoRefusedError("invalid_image", "The image cannot be decoded: it is damaged or cut short.");
}
