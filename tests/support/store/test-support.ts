import "server-only";
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { StoreLogger } from "@/lib/store/file/logger";

/** A fresh directory under the OS temp dir; remove it with removeTempDir. */
export function makeTempDir(prefix = "petstore-"): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), prefix));
}

export function removeTempDir(dir: string): Promise<void> {
  return fs.rm(dir, { recursive: true, force: true });
}

/** A logger that remembers what it was told, for asserting on warnings. */
export function recordingLogger(): StoreLogger & { warnings: string[]; infos: string[] } {
  const warnings: string[] = [];
  const infos: string[] = [];
  return { warnings, infos, warn: (message) => warnings.push(message), info: (message) => infos.push(message) };
}

const CHILD_SCRIPT = fileURLToPath(new URL("./store-child.ts", import.meta.url));
const PROJECT_ROOT = fileURLToPath(new URL("../../..", import.meta.url));

export interface StoreChild {
  process: ChildProcess;
  /** Complete stdout lines so far. */
  lines: string[];
  /** Resolves once the child has opened the store; rejects if it exits first. */
  ready: Promise<void>;
  /** Resolves when the process has exited (after kill or by itself). */
  exited: Promise<void>;
  stderr(): string;
}

/**
 * Starts store-child.ts in a real second Node process. The react-server condition makes
 * `server-only` an empty module there, as it is in Next's server bundles.
 */
export function spawnStoreChild(args: string[]): StoreChild {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", CHILD_SCRIPT, ...args], {
    cwd: PROJECT_ROOT,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines: string[] = [];
  let partial = "";
  let stderr = "";
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      const parts = (partial + chunk).split("\n");
      partial = parts.pop() ?? "";
      for (const line of parts) {
        if (line.startsWith("ready ")) resolve();
        else lines.push(line);
      }
    });
    void exited.then(() => reject(new Error(`store child exited before ready: ${stderr}`)));
  });
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  return { process: child, lines, ready, exited, stderr: () => stderr };
}
