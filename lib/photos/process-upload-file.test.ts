import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDir } from "@/tests/support/store/test-support";
import { PhotoRefusedError } from "./photo-errors";
import { processUploadFile } from "./process-upload-file";

describe("processUploadFile", () => {
  let dir: string;
  let upload: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    upload = path.join(dir, "one.upload");
    const image = sharp({ create: { width: 700, height: 400, channels: 3, background: "#3a7" } });
    await fs.writeFile(upload, await image.jpeg().toBuffer());
  });
  afterEach(() => removeTempDir(dir));

  it("writes the copies into the staging directory and answers only their names and sizes", async () => {
    const photo = await processUploadFile(upload, dir);
    if (!("staged" in photo)) throw new Error("staged copies were expected");
    expect(photo).toMatchObject({ width: 700, height: 400 });
    expect(photo.staged.map((copy) => `${copy.width}.${copy.ext}`)).toEqual([
      "320.avif",
      "320.webp",
      "320.jpg",
      "640.avif",
      "640.webp",
      "640.jpg",
      "700.avif",
      "700.webp",
      "700.jpg",
    ]);
    for (const copy of photo.staged) {
      const bytes = await fs.readFile(path.join(dir, copy.staged));
      expect(bytes.byteLength).toBe(copy.size);
      expect((await sharp(bytes).metadata()).width).toBe(copy.width);
    }
  });

  it("answers the copies as bytes without a staging directory", async () => {
    const photo = await processUploadFile(upload);
    if ("staged" in photo) throw new Error("copies as bytes were expected");
    expect(photo.variants).toHaveLength(9);
    expect(Buffer.isBuffer(photo.variants[0]!.bytes)).toBe(true);
  });

  it("refuses what is not an image, whatever the file is called, and stages nothing", async () => {
    await fs.writeFile(upload, "just text, named like a photo");
    await expect(processUploadFile(upload, dir)).rejects.toBeInstanceOf(PhotoRefusedError);
    expect(await fs.readdir(dir)).toEqual(["one.upload"]);
  });
});
