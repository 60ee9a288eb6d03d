import "server-only";
import type { StoreFs } from "./fs-layer";

const CHUNK_BYTES = 4 << 20;
const NEWLINE = 0x0a;

/** A complete line `buf[start, end)` (newline excluded); `buf` is reused, copy what you keep. */
export type LineHandler = (buf: Buffer, start: number, end: number, offset: number, lineNumber: number) => void;

export interface ScannedFile {
  /** Bytes in the file. */
  size: number;
  /** Offset just after the last newline: bytes past it are an unterminated last line. */
  linesEnd: number;
  /** Complete lines seen. */
  lines: number;
}

/**
 * Streams a file line by line in large chunks, calling a synchronous handler with byte
 * offsets. Reading in chunks keeps a million-record open at a few MB of buffer instead
 * of the whole file, and one synchronous call per line avoids a promise per record.
 */
export async function scanLines(fsys: StoreFs, path: string, onLine: LineHandler): Promise<ScannedFile> {
  const fd = await fsys.open(path, "r");
  try {
    let buf: Buffer = Buffer.allocUnsafe(CHUNK_BYTES);
    let filled = 0; // bytes of buf holding file data
    let bufOffset = 0; // file offset of buf[0]
    let lineNumber = 0;
    for (;;) {
      if (filled === buf.length) buf = grow(buf); // one line longer than a chunk
      const read = await fsys.read(fd, buf, filled, buf.length - filled, bufOffset + filled);
      if (read === 0) break;
      filled += read;
      const data = buf.subarray(0, filled);
      let start = 0;
      for (let nl = data.indexOf(NEWLINE, start); nl >= 0; nl = data.indexOf(NEWLINE, start)) {
        onLine(buf, start, nl, bufOffset + start, ++lineNumber);
        start = nl + 1;
      }
      buf.copy(buf, 0, start, filled);
      bufOffset += start;
      filled -= start;
    }
    return { size: bufOffset + filled, linesEnd: bufOffset, lines: lineNumber };
  } finally {
    await fsys.close(fd);
  }
}

function grow(buf: Buffer): Buffer {
  const bigger = Buffer.allocUnsafe(buf.length * 2);
  buf.copy(bigger);
  return bigger;
}
