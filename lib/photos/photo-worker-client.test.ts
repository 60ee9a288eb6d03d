import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PhotoRefusedError } from "./photo-errors";
import { createPhotoWorker } from "./photo-worker-client";

// A stand-in worker speaking the same messages: the job's file name says what it does.
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-photo-worker-"));
const stub = path.join(dir, "stub-worker.mjs");
fs.writeFileSync(
  stub,
  `process.on("message", ({ id, file, stagingDir }) => {
    if (file === "bytes") process.send({ id, photo: { hash: "h", width: 1, height: 1, variants: [{ width: 1, height: 1, ext: "jpg", bytes: Buffer.from("copy") }] } });
    if (file === "staged") process.send({ id, photo: { hash: "h", width: 1, height: 1, staged: [{ width: 1, height: 1, ext: "jpg", staged: stagingDir + "/x", size: 4 }] } });
    if (file === "refused") process.send({ id, refused: { reason: "invalid_image", message: "cut short" } });
    if (file === "exit") process.exit(7);
    if (file === "hang") return;
    if (file === "env") {
      const handed = Object.keys(process.env).filter((name) => name.startsWith("PETSTORE_"));
      process.send({ id, failed: (handed.length ? "handed " + handed.join(", ") : "handed none") + ", arenas " + process.env.MALLOC_ARENA_MAX });
    }
  });
  process.on("disconnect", () => process.exit(0));`,
);
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("createPhotoWorker", () => {
  it("answers with the worker's copies as Buffers or as staged files, and its refusals as PhotoRefusedError", async () => {
    const worker = createPhotoWorker(stub);
    try {
      const photo = await worker.process("bytes");
      if ("staged" in photo) throw new Error("copies as bytes were expected");
      expect(Buffer.isBuffer(photo.variants[0]!.bytes)).toBe(true);
      expect(photo.variants[0]!.bytes.toString()).toBe("copy");
      const staged = await worker.process("staged", "/data/photos/staging");
      expect(staged).toMatchObject({ hash: "h", staged: [{ staged: "/data/photos/staging/x", size: 4 }] });
      const refusal = await worker.process("refused").catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(PhotoRefusedError);
      expect(refusal).toMatchObject({ reason: "invalid_image", message: "cut short" });
    } finally {
      worker.stop();
    }
  });

  it("fails the upload a dying worker held, and starts a new worker for the next", async () => {
    const worker = createPhotoWorker(stub);
    try {
      await worker.process("bytes");
      const first = worker.pid();
      expect(first).toBeGreaterThan(0);
      await expect(worker.process("exit")).rejects.toThrow("the photo worker exited (7)");
      expect((await worker.process("bytes")).hash).toBe("h");
      expect(worker.pid()).not.toBe(first);
    } finally {
      worker.stop();
    }
  });

  it("refuses an upload that holds the worker past its budget, and gives the next upload a new worker", async () => {
    // Long enough for a new worker to start on a busy machine: the budget counts from the call.
    const worker = createPhotoWorker(stub, { jobBudgetMs: 3_000 });
    try {
      await worker.process("bytes");
      const first = worker.pid();
      const refusal = await worker.process("hang").catch((error: unknown) => error);
      expect(refusal).toBeInstanceOf(PhotoRefusedError);
      expect(refusal).toMatchObject({ reason: "image_too_large" });
      expect((await worker.process("bytes")).hash).toBe("h");
      expect(worker.pid()).not.toBe(first);
    } finally {
      worker.stop();
    }
  });

  it("hands the worker no PETSTORE_ variable (no keys, no database URL), and two malloc arenas", async () => {
    process.env.PETSTORE_API_KEYS = "secret-key-for-the-test";
    const worker = createPhotoWorker(stub);
    try {
      await expect(worker.process("env")).rejects.toThrow("the photo worker failed: handed none, arenas 2");
    } finally {
      worker.stop();
      delete process.env.PETSTORE_API_KEYS;
    }
  });
});
