import zlib from "node:zlib";
import sharp, { type Sharp } from "sharp";
import { api, type ApiResponse } from "./api";

/**
 * Test images made on the spot with sharp (nothing big is committed): a photo-like JPEG
 * with an orientation tag and GPS EXIF, and a PNG decompression bomb.
 */

/** A smooth gradient with a few shapes: compresses like a photo, unlike noise. */
export async function photoLike(width: number, height: number): Promise<Sharp> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#8a5"/><stop offset="1" stop-color="#357"/></linearGradient></defs>
    <rect width="100%" height="100%" fill="url(#g)"/>
    <circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#c84"/>
    <rect x="${width / 2}" y="${height / 5}" width="${width / 4}" height="${height / 3}" fill="#eee"/></svg>`;
  return sharp(Buffer.from(svg));
}

/** A JPEG whose EXIF says where it was taken and that it must be turned 90° to stand upright. */
export async function jpegWithGps(width = 1200, height = 900): Promise<Buffer> {
  return (await photoLike(width, height))
    .withExif({
      IFD0: { Make: "TestCam", Model: "Foster's phone" },
      IFD3: {
        GPSLatitudeRef: "N",
        GPSLatitude: "51/1 30/1 2646/100",
        GPSLongitudeRef: "W",
        GPSLongitude: "0/1 7/1 3960/100",
      },
    })
    .withMetadata({ orientation: 6 })
    .jpeg({ quality: 85 })
    .toBuffer();
}

export async function png(width: number, height: number): Promise<Buffer> {
  return (await photoLike(width, height)).png().toBuffer();
}

export async function webp(width: number, height: number): Promise<Buffer> {
  return (await photoLike(width, height)).webp().toBuffer();
}

let bomb: Buffer | undefined;

/**
 * A real 30,000 × 30,000 grayscale PNG (900 megapixels, 900 MB decoded) of well under a
 * megabyte: its IDAT repeats one deflate segment of zeros, each ended with a full flush so
 * the copies join into one valid zlib stream (RFC 1950/1951).
 */
export function pngBomb(): Buffer {
  bomb ??= blackPng(30_000, 30_000, 100);
  return bomb;
}

/**
 * A black 8-bit grayscale PNG of `width` × `height` made by hand, small whatever its size:
 * the same deflated run of zero rows repeated (`rowsPerSegment` must divide `height`).
 */
export function blackPng(width: number, height: number, rowsPerSegment: number): Buffer {
  const segment = zlib.deflateRawSync(Buffer.alloc((width + 1) * rowsPerSegment), {
    level: 9,
    finishFlush: zlib.constants.Z_FULL_FLUSH,
  });
  const total = (width + 1) * height;
  // Adler-32 of zeros: a stays 1, b adds 1 per byte.
  const adler = Buffer.alloc(4);
  adler.writeUInt32BE((((total % 65521) << 16) | 1) >>> 0);
  const idat = Buffer.concat([
    Buffer.from([0x78, 0xda]),
    ...Array<Buffer>(height / rowsPerSegment).fill(segment),
    Buffer.from([0x03, 0x00]), // a final, empty fixed-Huffman block
    adler,
  ]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8); // 8-bit grayscale, deflate, no filter method quirks, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", ihdr),
    chunk("IDAT", idat),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, "ascii");
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(zlib.crc32(Buffer.concat([head.subarray(4), data])) >>> 0);
  return Buffer.concat([head, data, crc]);
}

export function uploadPhoto(
  petId: number,
  body: Buffer | string,
  options: { contentType?: string; alt?: string; key?: string } = {},
): Promise<ApiResponse> {
  const query = options.alt === undefined ? "" : `?alt=${encodeURIComponent(options.alt)}`;
  return api(`/v1/pets/${petId}/photos${query}`, {
    method: "POST",
    body,
    contentType: options.contentType ?? "image/jpeg",
    key: options.key,
    timeoutMs: 120_000,
  });
}
