import { crc32 } from "node:zlib";
import { expect, it } from "vitest";
import { checksumHex, checksumOfRange } from "./checksum";

it("computes the standard CRC-32, the same over text and over a byte range", () => {
  expect(checksumHex("123456789")).toBe("cbf43926"); // the published check value
  for (const text of ["", "Rex", "🐶 שָׁלוֹם 柴犬 e\u0301", "x".repeat(1000)]) {
    const bytes = Buffer.from(`••${text}••`);
    const start = Buffer.byteLength("••");
    const value = checksumOfRange(bytes, start, bytes.length - start);
    expect(value).toBe(crc32(text));
    expect(value.toString(16).padStart(8, "0")).toBe(checksumHex(text));
  }
});
