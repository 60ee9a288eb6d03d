import fs from "node:fs/promises";
import path from "node:path";
import { PassThrough } from "node:stream";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { makeTempDir, removeTempDir } from "@/tests/support/store/test-support";
import { BodyTooLargeError } from "./body-source";
import { saveBodyAtMost, saveReadable } from "./save-body";

describe("saveReadable", () => {
  let dir: string;
  let file: string;
  beforeEach(async () => {
    dir = await makeTempDir();
    file = path.join(dir, "body.upload");
  });
  afterEach(() => removeTempDir(dir));

  it("writes every chunk to the file as it arrives", async () => {
    const source = new PassThrough();
    const saved = saveReadable(source, file, 1000);
    source.write("first ");
    source.end("second");
    await saved;
    expect(await fs.readFile(file, "utf8")).toBe("first second");
  });

  it("stops past the limit with the rest unread and the file closed", async () => {
    const source = new PassThrough();
    const saved = saveReadable(source, file, 10);
    source.write("0123456789");
    source.write("too much");
    await expect(saved).rejects.toBeInstanceOf(BodyTooLargeError);
    expect(source.isPaused()).toBe(true);
    await fs.rm(file); // the caller's cleanup: nothing reopens it afterwards
    await new Promise((resolve) => setTimeout(resolve, 20));
    await expect(fs.stat(file)).rejects.toMatchObject({ code: "ENOENT" });
  });

  it("fails when the source ends in an error (a client gone halfway)", async () => {
    const source = new PassThrough();
    const saved = saveReadable(source, file, 1000);
    source.write("half");
    source.destroy(new Error("aborted"));
    await expect(saved).rejects.toThrow("aborted");
  });

  it("refuses to write over a file that exists", async () => {
    await fs.writeFile(file, "someone else's");
    const source = new PassThrough();
    source.end("mine");
    await expect(saveReadable(source, file, 1000)).rejects.toMatchObject({ code: "EEXIST" });
    expect(await fs.readFile(file, "utf8")).toBe("someone else's");
  });
});

describe("saveBodyAtMost", () => {
  it("saves a platform Request's body, and answers the caller's error past the limit", async () => {
    const dir = await makeTempDir();
    try {
      const request = (body: string) => new Request("http://localhost/", { method: "POST", body });
      await saveBodyAtMost(request("a photo"), 100, path.join(dir, "a"), () => new Error("too large"));
      expect(await fs.readFile(path.join(dir, "a"), "utf8")).toBe("a photo");
      await expect(
        saveBodyAtMost(request("x".repeat(200)), 100, path.join(dir, "b"), () => new Error("too large")),
      ).rejects.toThrow("too large");
    } finally {
      await removeTempDir(dir);
    }
  });
});
