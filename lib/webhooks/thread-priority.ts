import fs from "node:fs";
import os from "node:os";

/**
 * Gives the calling thread a lower scheduling priority (a niceness, 0 to 19), so that when it
 * and the server's thread both want the CPU, the server's goes first. Linux only: a thread's
 * id is read from /proc/thread-self, and setpriority on a thread id applies to that thread
 * alone. Elsewhere, or when refused, nothing changes; false says so.
 */
export function lowerThisThreadsPriority(niceness: number): boolean {
  if (niceness <= 0) return false;
  try {
    const threadId = Number(fs.readlinkSync("/proc/thread-self").split("/").at(-1));
    if (!Number.isSafeInteger(threadId)) return false;
    os.setPriority(threadId, niceness);
    return true;
  } catch {
    return false;
  }
}
