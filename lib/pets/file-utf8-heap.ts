/**
 * Strings kept as UTF-8 bytes end to end in one growable buffer; callers remember where
 * each ends. A million names cost their bytes, outside the JavaScript heap: no million
 * string objects for the garbage collector to trace, which keeps latency flat as the
 * store grows. Reading decodes the bytes again; a page decodes only its own names.
 */
export class Utf8Heap {
  private bytes = Buffer.allocUnsafe(1 << 16);
  private used = 0;

  /** Bytes used: where the next string starts. */
  get size(): number {
    return this.used;
  }

  /** Appends `text` and returns the offset just past it. */
  append(text: string): number {
    this.reserve(Buffer.byteLength(text));
    this.used += this.bytes.write(text, this.used);
    return this.used;
  }

  /** Appends bytes already in UTF-8 (a name straight from a file); returns the end offset. */
  appendBytes(source: Buffer, start: number, end: number): number {
    this.reserve(end - start);
    // A byte loop: for a name's few dozen bytes, Buffer#copy's own overhead costs more.
    const bytes = this.bytes;
    let used = this.used;
    for (let at = start; at < end; at++) bytes[used++] = source[at] as number;
    this.used = used;
    return used;
  }

  read(start: number, end: number): string {
    return this.bytes.toString("utf8", start, end);
  }

  private reserve(length: number): void {
    if (this.used + length <= this.bytes.length) return;
    const bytes = Buffer.allocUnsafe(Math.max(this.bytes.length * 2, this.used + length));
    this.bytes.copy(bytes, 0, 0, this.used);
    this.bytes = bytes;
  }
}
