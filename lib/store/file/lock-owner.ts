import "server-only";
import { readFileSync, readlinkSync } from "node:fs";
import os from "node:os";
import { isPositiveSafeInteger } from "./line-codec";

/**
 * Who holds a data directory's LOCK, in enough detail to prove that holder gone before
 * taking the lock over (docs/decisions/020-lock-proves-death.md). A pid alone proves
 * nothing: two containers on one volume can both be pid 1, a crashed server's pid may
 * now belong to an unrelated process, and a zombie still answers kill(pid, 0).
 */
export interface LockOwner {
  pid: number;
  host: string;
  /** /proc/sys/kernel/random/boot_id: changes at every boot of the kernel. */
  bootId?: string;
  /** readlink /proc/self/ns/pid: pids mean something only inside one namespace. */
  pidNamespace?: string;
  /** Field 22 of /proc/<pid>/stat, clock ticks after boot: tells a reused pid apart. */
  startTime?: string;
}

/** This process, as it writes itself into LOCK. */
export function describeThisProcess(): LockOwner {
  return {
    pid: process.pid,
    host: os.hostname(),
    bootId: readOptional(() => readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim()),
    pidNamespace: readOptional(() => readlinkSync("/proc/self/ns/pid")),
    startTime: readProcessStat(process.pid)?.startTime,
  };
}

export function encodeLockOwner(owner: LockOwner): string {
  return `${JSON.stringify(owner)}\n`;
}

/**
 * The owner named by LOCK's text: a JSON line, or a bare pid as older versions wrote
 * (`legacy`, nothing to check but the pid). Undefined when the text is neither, e.g. an
 * owner caught between creating LOCK and writing it.
 */
export function parseLockOwner(text: string): (LockOwner & { legacy: boolean }) | undefined {
  if (/^[1-9]\d*\n$/.test(text)) return { pid: Number(text.trim()), host: "", legacy: true };
  try {
    const value = JSON.parse(text) as Partial<LockOwner> | null;
    // pid 0 or below would make kill(pid, 0) ask about a whole process group.
    if (!text.endsWith("\n") || !value || !isPositiveSafeInteger(value.pid) || typeof value.host !== "string") {
      return undefined;
    }
    const optional = (field: unknown) => (typeof field === "string" ? field : undefined);
    return {
      pid: value.pid as number,
      host: value.host,
      bootId: optional(value.bootId),
      pidNamespace: optional(value.pidNamespace),
      startTime: optional(value.startTime),
      legacy: false,
    };
  } catch {
    return undefined;
  }
}

/** Whether the owner is provably gone, or why it cannot be proven (it may still run). */
export type OwnerVerdict = { gone: true; why: string } | { gone: false; why: string };

/**
 * Takes over only on proof, from this same host, boot and PID namespace: no process has
 * that pid; or the one that has it started at another time (the pid was reused); or it
 * is a zombie, dead and only waiting for its parent to reap it. Another boot of this
 * host also proves it, since a restart ended every process. Another host or namespace
 * cannot be checked from here, so it is never taken over.
 */
export function judgeOwner(owner: LockOwner & { legacy: boolean }, self: LockOwner): OwnerVerdict {
  if (owner.legacy) return judgeLegacyOwner(owner.pid, self);
  if (owner.host !== self.host) {
    return { gone: false, why: `it runs on another host, ${owner.host}, where this process cannot check it` };
  }
  if (owner.bootId && self.bootId && owner.bootId !== self.bootId) {
    return { gone: true, why: "this host has restarted since it took the lock" };
  }
  if (owner.pidNamespace !== self.pidNamespace) {
    const where = owner.pidNamespace ?? "an unrecorded PID namespace";
    return { gone: false, why: `it runs in another PID namespace (${where}), where its pid means nothing here` };
  }
  if (owner.pid === self.pid) return { gone: true, why: "it had this process's pid: an earlier process, or this one" };
  const stat = readProcessStat(owner.pid);
  if (!stat && !isRunning(owner.pid)) return { gone: true, why: "no process has that pid any more" };
  if (!stat) return { gone: false, why: "it is still running" }; // no /proc to ask (not Linux)
  if (stat.state === "Z") return { gone: true, why: "it has exited (a zombie its parent has not reaped)" };
  if (owner.startTime !== undefined && stat.startTime !== owner.startTime) {
    return { gone: true, why: "its pid now belongs to a process started later" };
  }
  return { gone: false, why: "it is still running" };
}

/** A bare pid says nothing about host, namespace or start: only a missing or zombie pid is proof. */
function judgeLegacyOwner(pid: number, self: LockOwner): OwnerVerdict {
  if (pid === self.pid) return { gone: true, why: "it had this process's pid: an earlier process, or this one" };
  const stat = readProcessStat(pid);
  if (stat?.state === "Z") return { gone: true, why: "it has exited (a zombie its parent has not reaped)" };
  if (!stat && !isRunning(pid)) return { gone: true, why: "no process has that pid any more" };
  return {
    gone: false,
    why: "a process with that pid is running, and the lock (written by an older version, holding only a pid) cannot tell whether it is the owner",
  };
}

interface ProcessStat {
  state: string;
  startTime: string;
}

/** The state and start time of `pid` from /proc, or undefined when there is no such process. */
export function readProcessStat(pid: number): ProcessStat | undefined {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return undefined;
  }
  // The command name (field 2) may hold spaces and parentheses: fields restart after the last ")".
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  return { state: fields[0] ?? "", startTime: fields[19] ?? "" };
}

/** Without /proc (not Linux), whether a pid exists at all is all there is to ask. */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM"; // exists, owned by another user
  }
}

function readOptional(read: () => string): string | undefined {
  try {
    return read();
  } catch {
    return undefined;
  }
}
