/** CPU time from /proc (Linux): a server's process group, and the database backends serving it. */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

export const hasProc = fs.existsSync("/proc/self/stat");
const CLOCK_TICKS_PER_SECOND = Number(spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).stdout) || 100;

/** Microseconds of CPU per request, from clock ticks spent over `requests` requests. */
export function microsPerRequest(ticks, requests) {
  return (ticks * 1e6) / CLOCK_TICKS_PER_SECOND / Math.max(1, requests);
}

/** Fields after the parenthesised command name: state is [0], pgrp [2], utime [11], stime [12]. */
function statFields(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  return stat.slice(stat.lastIndexOf(")") + 2).split(" ");
}

/** User + system clock ticks of every process in a server's process group. */
export function processGroupTicks(child) {
  let ticks = 0;
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let fields;
    try {
      fields = statFields(entry);
    } catch {
      continue; // the process ended meanwhile
    }
    if (Number(fields[2]) === child.pid) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

/**
 * Clock ticks used so far by each PostgreSQL backend of the servers' pools, by pid; undefined
 * when they cannot be read (the database runs on another machine, or as a user whose
 * processes this one cannot see).
 */
export async function databaseTicks(database) {
  if (!database || !hasProc) return undefined;
  const { rows } = await database.admin.query(
    // Every pool's backends: the store's, the claims', the keys', the rate limits' and LISTEN's.
    "SELECT pid FROM pg_stat_activity WHERE datname = $1 AND application_name LIKE 'pet-store%'",
    [database.name],
  );
  const ticks = new Map();
  for (const { pid } of rows) {
    try {
      const fields = statFields(pid);
      ticks.set(pid, Number(fields[11]) + Number(fields[12]));
    } catch {
      return undefined;
    }
  }
  return ticks;
}

/** Ticks the backends spent between two databaseTicks readings (new backends count from zero). */
export function databaseTicksBetween(before, after) {
  if (!before || !after) return NaN;
  let ticks = 0;
  for (const [pid, total] of after) ticks += total - (before.get(pid) ?? 0);
  return ticks;
}
