import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openFileStore } from "@/lib/composition/file-store";
import { LOCK_FILE } from "./lock";
import { describeThisProcess, encodeLockOwner, readProcessStat, type LockOwner } from "./lock-owner";
import { makeTempDir, recordingLogger, removeTempDir } from "@/tests/support/store/test-support";

/*
 * A stale LOCK is taken over only when its owner is provably gone; each case below is a
 * LOCK file as a real situation would leave it.
 */
describe("taking over a data directory's lock needs proof that its owner is gone", () => {
  let dir: string;
  let lockPath: string;
  const self = describeThisProcess();
  beforeEach(async () => {
    dir = await makeTempDir();
    lockPath = path.join(dir, LOCK_FILE);
  });
  afterEach(async () => {
    await removeTempDir(dir);
  });

  async function expectTakenOver(lockText: string, reason: RegExp) {
    await fs.writeFile(lockPath, lockText);
    const logger = recordingLogger();
    const store = await openFileStore(dir, { logger });
    expect(logger.warnings).toEqual([expect.stringMatching(reason)]);
    expect(await fs.readFile(lockPath, "utf8")).toBe(encodeLockOwner(self));
    await store.close();
  }

  async function expectRefused(lockText: string, holder: string, reason: RegExp) {
    await fs.writeFile(lockPath, lockText);
    const opening = openFileStore(dir, { logger: recordingLogger() });
    await expect(opening).rejects.toThrow(`data directory ${dir} is in use by ${holder}`);
    await expect(opening).rejects.toThrow(reason);
    // It says how to clear it safely, and leaves the holder's lock alone.
    await expect(opening).rejects.toThrow(
      `stop that process, or, only if you are sure it is no longer running, delete ${lockPath}`,
    );
    expect(await fs.readFile(lockPath, "utf8")).toBe(lockText);
  }

  const lockOf = (owner: Partial<LockOwner>) => encodeLockOwner({ ...self, ...owner });

  it("refuses a holder in another PID namespace, even when its pid is free here (two containers on one volume)", async () => {
    const pid = await pidOfExitedProcess();
    await expectRefused(
      lockOf({ pid, pidNamespace: "pid:[4026000001]" }),
      `process ${pid} on host ${self.host}`,
      /another PID namespace \(pid:\[4026000001\]\)/,
    );
  });

  it("refuses a holder on another host, which it cannot check from here", async () => {
    const pid = await pidOfExitedProcess();
    await expectRefused(
      lockOf({ pid, host: "other-host" }),
      `process ${pid} on host other-host`,
      /another host, other-host/,
    );
  });

  it("refuses a live holder with the start time it recorded, naming it", async () => {
    await withSleeper(async (sleeper) => {
      const pid = sleeper.pid as number;
      const startTime = readProcessStat(pid)?.startTime;
      await expectRefused(lockOf({ pid, startTime }), `process ${pid} on host ${self.host}`, /it is still running/);
    });
  });

  it("takes over from a reused pid: a live process that started at another time than the owner", async () => {
    await withSleeper(async (sleeper) => {
      await expectTakenOver(lockOf({ pid: sleeper.pid, startTime: "1" }), /left by process \d+ .*started later/);
    });
  });

  it("treats our own parent's pid (the npm wrapper) as alive, not ours: refused when it is the recorded process", async () => {
    const startTime = readProcessStat(process.ppid)?.startTime;
    await expectRefused(lockOf({ pid: process.ppid, startTime }), `process ${process.ppid}`, /still running/);
    await expectRefused(`${process.ppid}\n`, `process ${process.ppid}`, /older version/);
  });

  it("takes over from our parent's pid when it started at another time: a crashed server's pid reused by the wrapper", async () => {
    await expectTakenOver(lockOf({ pid: process.ppid, startTime: "1" }), /started later/);
  });

  it("takes over from a zombie, a crashed server its parent has not reaped, in either lock format", async () => {
    await withZombie(async (pid) => {
      await expectTakenOver(lockOf({ pid, startTime: readProcessStat(pid)?.startTime }), /zombie/);
      await expectTakenOver(`${pid}\n`, new RegExp(`left by process ${pid}, .*zombie`));
    });
  });

  it("takes over from a holder that is truly gone, in either lock format", async () => {
    const pid = await pidOfExitedProcess();
    await expectTakenOver(lockOf({ pid }), new RegExp(`left by process ${pid} on host .*no process has that pid`));
    await expectTakenOver(`${pid}\n`, new RegExp(`left by process ${pid}, .*no process has that pid`));
  });

  it("takes over from a holder on this host before it restarted (another boot id)", async () => {
    await expectTakenOver(
      lockOf({ pid: process.ppid, bootId: "00000000-0000-4000-8000-000000000000" }),
      /this host has restarted/,
    );
  });
});

async function pidOfExitedProcess(): Promise<number> {
  const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
  await new Promise((resolve) => child.once("exit", resolve));
  return child.pid as number;
}

/** Runs `run` with a live unrelated process, killed afterwards. */
async function withSleeper(run: (sleeper: ChildProcess) => Promise<void>): Promise<void> {
  const sleeper = spawn("sleep", ["30"], { stdio: "ignore" });
  const exited = new Promise((resolve) => sleeper.once("exit", resolve));
  try {
    await run(sleeper);
  } finally {
    sleeper.kill("SIGKILL");
    await exited;
  }
}

/**
 * A helper process spawns a child that exits at once, then blocks its own event loop in
 * a synchronous read of stdin: it cannot reap the child, which stays a zombie. Closing
 * stdin lets its loop run, reap the child and exit, so no zombie outlives the test (PID 1
 * here reaps no orphans, so the helper must never be killed first).
 */
const ZOMBIE_MAKER = `
const { spawn } = require("node:child_process");
const fs = require("node:fs");
const child = spawn("true", [], { stdio: "ignore" });
child.on("exit", () => process.exit(0));
const pause = new Int32Array(new SharedArrayBuffer(4));
while (!/\\) Z /.test(fs.readFileSync("/proc/" + child.pid + "/stat", "utf8"))) Atomics.wait(pause, 0, 0, 5);
process.stdout.write(child.pid + "\\n");
fs.readSync(0, Buffer.alloc(1));
`;

async function withZombie(run: (pid: number) => Promise<void>): Promise<void> {
  const maker = spawn(process.execPath, ["-e", ZOMBIE_MAKER], { stdio: ["pipe", "pipe", "inherit"] });
  const exited = new Promise((resolve) => maker.once("exit", resolve));
  try {
    const pid = await new Promise<number>((resolve, reject) => {
      maker.stdout.setEncoding("utf8").once("data", (text: string) => resolve(Number(text.trim())));
      void exited.then(() => reject(new Error("the zombie maker exited early")));
    });
    expect(readProcessStat(pid)?.state).toBe("Z");
    await run(pid);
  } finally {
    maker.stdin.end();
    await exited;
  }
}
