import { describe, expect, it } from "vitest";
import { sniffImageType } from "./sniff-image-type";

describe("sniffImageType", () => {
  it("tells JPEG, PNG and WebP from their first bytes", () => {
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8, 0xff, 0xe0, 0]))).toBe("image/jpeg");
    expect(sniffImageType(Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe("image/png");
    expect(sniffImageType(new TextEncoder().encode("RIFF\x10\x00\x00\x00WEBPVP8 "))).toBe("image/webp");
  });

  it("refuses text, other images and too few bytes, whatever the name says", () => {
    expect(sniffImageType(new TextEncoder().encode("just some text, named rex.jpg"))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode("GIF89a...."))).toBeUndefined();
    expect(sniffImageType(new TextEncoder().encode("RIFF\x10\x00\x00\x00WAVEfmt "))).toBeUndefined();
    expect(sniffImageType(Uint8Array.from([0xff, 0xd8]))).toBeUndefined();
  });
});
