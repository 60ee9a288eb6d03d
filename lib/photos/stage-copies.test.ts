import fs from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDir } from "@/tests/support/store/test-support";
import type { ProcessedPhoto } from "./process-photo";
import { removeStagedOf, stageCopies, uploadOf } from "./stage-copies";

const photo: ProcessedPhoto = {
  hash: "ab".repeat(16),
  width: 320,
  height: 160,
  variants: (["avif", "webp", "jpg"] as const).map((ext) => ({
    width: 320,
    height: 160,
    ext,
    bytes: Buffer.from(ext),
  })),
};

describe("stageCopies", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(() => removeTempDir(dir));

  it("names each copy after its upload, so a dead worker's copies can be found and removed", async () => {
    const upload = uploadOf(`${dir}/0123abcd.upload`);
    expect(upload).toBe("0123abcd");
    const staged = await stageCopies(photo, dir, upload);
    expect(staged.staged.map((copy) => [copy.staged, copy.size])).toEqual([
      [`0123abcd-${photo.hash}-320.avif`, 4],
      [`0123abcd-${photo.hash}-320.webp`, 4],
      [`0123abcd-${photo.hash}-320.jpg`, 3],
    ]);
    await stageCopies(photo, dir, "another");
    await removeStagedOf(dir, upload);
    expect((await fs.readdir(dir)).every((name) => name.startsWith("another-"))).toBe(true);
    expect(await fs.readdir(dir)).toHaveLength(3);
  });
});
