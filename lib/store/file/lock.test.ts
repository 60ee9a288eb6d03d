import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { openFileStore } from "@/lib/composition/file-store";
import { nodeFs } from "./fs-layer";
import { LOCK_FILE, lockDirectory } from "./lock";
import { describeThisProcess, encodeLockOwner } from "./lock-owner";
import { makeTempDir, recordingLogger, removeTempDir, spawnStoreChild } from "@/tests/support/store/test-support";

describe("one writer per data directory", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await makeTempDir();
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  it("refuses a directory another live process has open, naming that process", async () => {
    const child = spawnStoreChild(["hold", dir]);
    try {
      await child.ready;
      await expect(openFileStore(dir, { logger: recordingLogger() })).rejects.toThrow(
        `data directory ${dir} is in use by process ${child.process.pid}`,
      );
    } finally {
      child.process.kill("SIGKILL");
      await child.exited;
    }
    // The holder died without releasing: its lock is stale now and is taken over.
    const logger = recordingLogger();
    const store = await openFileStore(dir, { logger });
    expect(logger.warnings.join("\n")).toContain(`left by process ${child.process.pid}`);
    await store.close();
  });

  it("releases the lock when its process exits without closing, as `next start` does on SIGTERM", async () => {
    const child = spawnStoreChild(["hold", dir]);
    await child.ready;
    const written = JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), "utf8")) as { pid: number };
    expect(written.pid).toBe(child.process.pid);
    child.process.kill("SIGTERM");
    await child.exited;
    await expect(fs.access(path.join(dir, LOCK_FILE))).rejects.toThrow(/ENOENT/);
    const logger = recordingLogger();
    await (await openFileStore(dir, { logger })).close();
    expect(logger.warnings).toEqual([]); // an ordinary restart, not a stale-lock takeover
  });

  it("refuses a second open in the same process, and allows it after close", async () => {
    const store = await openFileStore(dir);
    await expect(openFileStore(dir)).rejects.toThrow(/is in use by this process/);
    await expect(openFileStore(path.join(dir, "."))).rejects.toThrow(/is in use by this process/);
    await store.close();
    const again = await openFileStore(dir);
    await again.close();
  });

  it("refuses a second open through another copy of the module, as Next's bundles make", async () => {
    const store = await openFileStore(dir);
    vi.resetModules(); // the next import evaluates the module afresh: a second copy
    const copy = await import("./lock");
    expect(copy.lockDirectory).not.toBe(lockDirectory);
    const locking = copy.lockDirectory(nodeFs, await fs.realpath(dir), recordingLogger());
    await expect(locking).rejects.toThrow(/is in use by this process/);
    await store.close();
  });

  it("takes over a lock left by a process that is no longer running, and logs it", async () => {
    const deadPid = await pidOfExitedProcess();
    await fs.writeFile(path.join(dir, LOCK_FILE), `${deadPid}\n`);
    const logger = recordingLogger();
    const store = await openFileStore(dir, { logger });
    expect(logger.warnings).toEqual([
      expect.stringContaining(`left by process ${deadPid}, which is no longer running`),
    ]);
    expect(await fs.readFile(path.join(dir, LOCK_FILE), "utf8")).toBe(encodeLockOwner(describeThisProcess()));
    await store.close();
  });

  it("writes who it is into LOCK while open (pid, host, boot, PID namespace, start time) and removes it on close", async () => {
    const store = await openFileStore(dir);
    const written = JSON.parse(await fs.readFile(path.join(dir, LOCK_FILE), "utf8")) as Record<string, unknown>;
    expect(written).toEqual({
      pid: process.pid,
      host: expect.any(String),
      bootId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      pidNamespace: expect.stringMatching(/^pid:\[\d+\]$/),
      startTime: expect.stringMatching(/^\d+$/),
    });
    await Promise.all([store.close(), store.close()]);
    await store.close();
    await expect(fs.access(path.join(dir, LOCK_FILE))).rejects.toThrow(/ENOENT/);
    await expect(store.list({ limit: 1 })).rejects.toThrow(/closed/);
    await expect(store.create({ name: "Late", categoryId: 1 })).rejects.toThrow(/closed/);
    await expect(store.get(1)).rejects.toThrow(/closed/);
  });

  it("creates a missing data directory, parents included, readable by its owner only", async () => {
    const nested = path.join(dir, "a", "b", "data");
    const store = await openFileStore(nested);
    expect((await fs.stat(nested)).mode & 0o777).toBe(0o700);
    await store.close();
  });
});

async function pidOfExitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid as number;
}
