import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { PhotoRefusedError } from "./photo-errors";
import { encodeCopy, processPhoto, widthsFor } from "./process-photo";

describe("widthsFor", () => {
  it("keeps the fixed widths narrower than the image, and its own width up to the widest", () => {
    expect(widthsFor(4000)).toEqual([320, 640, 960, 1280, 1600]);
    expect(widthsFor(1600)).toEqual([320, 640, 960, 1280, 1600]);
    expect(widthsFor(900)).toEqual([320, 640, 900]);
    expect(widthsFor(640)).toEqual([320, 640]);
    expect(widthsFor(200)).toEqual([200]);
  });
});

const blank = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: "#808080" } })
    .png()
    .toBuffer();

describe("processPhoto's shape limits (issue 37 item 7)", () => {
  it("refuses extreme sides and aspect ratios from the header with image_too_large", async () => {
    for (const [width, height] of [
      [1, 20_000],
      [20_000, 1],
      [1_100, 100],
      [20_001, 2_001],
    ] as const) {
      const refusal = await processPhoto(await blank(width, height)).catch((error: unknown) => error);
      expect(refusal, `${width} × ${height}`).toBeInstanceOf(PhotoRefusedError);
      expect(refusal).toMatchObject({ reason: "image_too_large" });
      expect((refusal as Error).message).toContain(`${width} × ${height}`);
    }
  });

  it("keeps a panorama within the limits", async () => {
    const photo = await processPhoto(await blank(4_000, 400));
    expect(photo.width).toBe(1600);
    expect(photo.height).toBe(160);
  });
});

describe("encodeCopy", () => {
  it("answers an encoder's failure with the same refusal, never a bare error (a 500)", async () => {
    // 1 × 20,000 is past WebP's 16,383-pixel side: the encoder itself fails.
    const tall = sharp(Buffer.alloc(20_000 * 3), { raw: { width: 1, height: 20_000, channels: 3 } });
    const refusal = await encodeCopy(tall, "webp").catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PhotoRefusedError);
    expect(refusal).toMatchObject({ reason: "image_too_large" });
  });
});
