import type { UploadType } from "./photo-limits";

/**
 * The upload's real type from its signature bytes, never from a file name or a
 * Content-Type a client chose: JPEG (FF D8 FF), PNG (89 "PNG" CR LF 1A LF) or WebP
 * ("RIFF" size "WEBP"). Anything else is undefined.
 */
export function sniffImageType(bytes: Uint8Array): UploadType | undefined {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "image/jpeg";
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((byte, index) => bytes[index] === byte)) return "image/png";
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "image/webp";
  return undefined;
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}
