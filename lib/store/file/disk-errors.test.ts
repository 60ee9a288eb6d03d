import { execFileSync } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type PetStore } from "@/lib/composition/pet-store";
import { StoreUnavailableError } from "@/lib/errors/store-errors";
import { faultyFs } from "@/tests/support/store/faulty-fs";
import { openFileStore } from "@/lib/composition/file-store";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";

let dir: string;
beforeEach(async () => {
  dir = await makeTempDir();
});
afterEach(async () => {
  await removeTempDir(dir);
});

async function expectUnavailable(store: PetStore, names: string[], code: string) {
  const results = await Promise.allSettled(names.map((name) => store.create({ name, categoryId: 1 })));
  for (const result of results) {
    expect(result.status).toBe("rejected");
    const error = (result as PromiseRejectedResult).reason as StoreUnavailableError;
    expect(error).toBeInstanceOf(StoreUnavailableError);
    expect((error.cause as NodeJS.ErrnoException).code).toBe(code);
  }
}

/** Reopens with the real file system: no torn tail to drop, exactly the acknowledged names. */
async function expectOnDiskExactly(names: string[]) {
  const logger = recordingLogger();
  const store = await openFileStore(dir, { logger });
  expect(logger.warnings).toEqual([]);
  expect((await store.list({ limit: 100 })).pets.map((pet) => pet.name)).toEqual(names);
  await store.close();
}

describe("a disk that refuses writes", () => {
  it.each([
    ["write", "ENOSPC"],
    ["write", "EACCES"],
    ["fdatasync", "EROFS"],
    ["fdatasync", "EIO"],
  ] as const)(
    "%s failing with %s: creates reject as unavailable, reads go on, writes resume",
    async (operation, code) => {
      const disk = faultyFs();
      const store = await openFileStore(dir, { fs: disk.fs });
      const before = await store.create({ name: "Before", categoryId: 1 });
      disk.failWith(operation, code);
      await expectUnavailable(store, ["Lost 1", "Lost 2", "Lost 3"], code);
      expect((await store.list({ limit: 10 })).pets).toEqual([before]);
      expect(await store.get(before.id)).toEqual(before);
      disk.heal();
      const after = await store.create({ name: "After", categoryId: 1 });
      expect(after.id).toBeGreaterThan(before.id + 1); // the failed batch's ids are never reused
      await store.close();
      await expectOnDiskExactly(["After", "Before"]);
    },
  );

  it("repairs a half-written tail before the next write, even when the repair must wait for the disk", async () => {
    const disk = faultyFs();
    const store = await openFileStore(dir, { fs: disk.fs });
    await store.create({ name: "Before", categoryId: 1 });
    disk.failWith("write", "ENOSPC");
    disk.failWith("ftruncate", "EIO"); // the half-written bytes cannot be cut off yet
    await expectUnavailable(store, ["Lost 1"], "ENOSPC");
    disk.failWith("write", "EIO");
    await expectUnavailable(store, ["Lost 2"], "EIO"); // the repair itself still fails
    disk.heal();
    await store.create({ name: "After", categoryId: 1 });
    await store.close();
    await expectOnDiskExactly(["After", "Before"]);
  });
});

describe("a real full disk (small tmpfs)", () => {
  let mountPoint: string | undefined;
  let skipReason = "";
  beforeEach(async () => {
    mountPoint = path.join(dir, "tmpfs");
    await fs.mkdir(mountPoint);
    try {
      execFileSync("mount", ["-t", "tmpfs", "-o", "size=512k", "tmpfs", mountPoint], { stdio: "pipe" });
    } catch (error) {
      skipReason = `cannot mount a tmpfs here (needs root or CAP_SYS_ADMIN): ${String(error).split("\n")[0]}`;
      mountPoint = undefined;
    }
  });
  afterEach(() => {
    if (mountPoint) execFileSync("umount", ["--lazy", mountPoint]); // lazy: even if a failed test left files open
  });

  it("fails creates with ENOSPC as unavailable and recovers when space is freed", async (context) => {
    context.skip(!mountPoint, skipReason);
    const data = path.join(mountPoint as string, "data");
    const filler = path.join(mountPoint as string, "filler");
    const store = await openFileStore(data);
    const kept = [await store.create({ name: "Kept 0", categoryId: 1 })];
    await fillDisk(filler);
    // The journal's last page may still have room: write until a new block is needed.
    let failure: unknown;
    while (failure === undefined && kept.length < 500) {
      const name = `Kept ${kept.length} ${"x".repeat(90)}`;
      await store.create({ name, categoryId: 1 }).then(
        (pet) => kept.push(pet),
        (error: unknown) => (failure = error),
      );
    }
    expect(failure).toBeInstanceOf(StoreUnavailableError);
    expect(((failure as Error).cause as NodeJS.ErrnoException).code).toBe("ENOSPC");
    for (const pet of kept) expect(await store.get(pet.id)).toEqual(pet);
    await fs.rm(filler);
    const after = await store.create({ name: "After", categoryId: 1 });
    await store.close();
    const reopened = await openFileStore(data, { logger: recordingLogger() });
    expect((await reopened.list({ limit: 1000 })).pets).toEqual([after, ...kept.reverse()]);
    await reopened.close();
  });
});

/** Writes until the file system has no block left. */
async function fillDisk(file: string): Promise<void> {
  const handle = await fs.open(file, "w");
  try {
    for (;;) await handle.write(Buffer.alloc(4096, 1));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOSPC") throw error;
  } finally {
    await handle.close();
  }
}
