import { crc32 } from "node:zlib";

/**
 * CRC-32 (IEEE 802.3, the one gzip, zip and Python's zlib.crc32 compute). A checksum per
 * record is what lets recovery tell a torn write (bad checksum at the end of the
 * journal) from a good record, without trusting sizes.
 */
export function checksumHex(text: string): string {
  return crc32(text).toString(16).padStart(8, "0");
}

const TABLE = new Int32Array(256).map((_, byte) => {
  let c = byte;
  for (let bit = 0; bit < 8; bit++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c;
});

/**
 * The same CRC-32 over `bytes[start, end)`, in JavaScript: opening a store checks a
 * million short records, and a table lookup per byte beats creating a subarray and
 * calling into zlib for each (checksum.test.ts proves the two agree).
 */
export function checksumOfRange(bytes: Uint8Array, start: number, end: number): number {
  let c = -1;
  for (let at = start; at < end; at++) c = (TABLE[(c ^ (bytes[at] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ -1) >>> 0;
}
