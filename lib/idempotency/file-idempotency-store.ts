import "server-only";
import { open, readFile, type FileHandle } from "node:fs/promises";
import path from "node:path";
import type { Claim, IdempotencyStore, StoredResponse } from "./idempotency-store";
import { replaceFileDurably } from "@/lib/durable-file";

export const IDEMPOTENCY_FILE = "idempotency.jsonl";

interface Entry {
  fingerprint: string;
  startedAt: number;
  expiresAt: number;
  response?: StoredResponse;
}

type Line =
  | { op: "claim"; key: string; fingerprint: string; startedAt: number; expiresAt: number }
  | { op: "done"; key: string; response: StoredResponse }
  | { op: "release"; key: string };

/**
 * The file store's idempotency records: an append-only JSON-lines file beside the
 * journal, each change fdatasync'd before it counts. On open the file is replayed (a torn
 * last line, from a crash mid-write, was never acknowledged and is skipped), claims left
 * running by the dead process are abandoned, and the live records are rewritten to a
 * fresh file (tmp + fsync + rename) so it never grows past one day of keys for long.
 * Only the process holding the data directory's lock opens it.
 */
export async function openFileIdempotencyStore(dataDir: string, now = Date.now()): Promise<IdempotencyStore> {
  const file = path.join(dataDir, IDEMPOTENCY_FILE);
  const entries = await replay(file, now);
  await rewrite(file, entries);
  let handle: FileHandle | undefined = await open(file, "a", 0o600);
  // Group commit: lines that arrive while a write is under way share the next write and
  // fdatasync, so concurrent POSTs pay one sync between them, not one each.
  let pending: { text: string; done: (error?: unknown) => void }[] = [];
  let writing: Promise<void> | undefined;
  const flush = async () => {
    while (pending.length > 0) {
      const batch = pending;
      pending = [];
      try {
        if (!handle) throw new Error("idempotency store is closed");
        await handle.appendFile(batch.map((entry) => entry.text).join(""));
        await handle.datasync();
        for (const entry of batch) entry.done();
      } catch (error) {
        for (const entry of batch) entry.done(error);
      }
    }
    writing = undefined;
  };
  const append = (line: Line) =>
    new Promise<void>((resolve, reject) => {
      pending.push({ text: `${JSON.stringify(line)}\n`, done: (error) => (error ? reject(error) : resolve()) });
      writing ??= flush();
    });
  return {
    async claim(key, fingerprint, { now, ttlMs, abandonAfterMs }): Promise<Claim> {
      const existing = entries.get(key);
      if (existing && existing.expiresAt > now) {
        if (existing.fingerprint !== fingerprint) return { kind: "mismatch" };
        if (existing.response) return { kind: "done", response: existing.response };
        if (now - existing.startedAt < abandonAfterMs) return { kind: "running" };
      }
      const entry = { fingerprint, startedAt: now, expiresAt: now + ttlMs };
      entries.set(key, entry);
      try {
        await append({ op: "claim", key, ...entry });
      } catch (error) {
        entries.delete(key);
        throw error;
      }
      return { kind: "claimed" };
    },
    async complete(key, response) {
      await append({ op: "done", key, response });
      const entry = entries.get(key);
      if (entry) entry.response = response;
    },
    async release(key) {
      entries.delete(key);
      await append({ op: "release", key }).catch(() => {}); // a lost release only delays a retry
    },
    async close() {
      await writing;
      await handle?.close();
      handle = undefined;
    },
  };
}

async function replay(file: string, now: number): Promise<Map<string, Entry>> {
  const entries = new Map<string, Entry>();
  let text = "";
  try {
    text = await readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  for (const raw of text.split("\n")) {
    let line: Line;
    try {
      line = JSON.parse(raw) as Line;
    } catch {
      continue; // an empty or torn line
    }
    if (line.op === "claim") {
      entries.set(line.key, { fingerprint: line.fingerprint, startedAt: line.startedAt, expiresAt: line.expiresAt });
    } else if (line.op === "done") {
      const entry = entries.get(line.key);
      if (entry) entry.response = line.response;
    } else if (line.op === "release") {
      entries.delete(line.key);
    }
  }
  // Whatever was running died with the last process: nothing was answered for it.
  for (const [key, entry] of entries) if (!entry.response || entry.expiresAt <= now) entries.delete(key);
  return entries;
}

async function rewrite(file: string, entries: Map<string, Entry>): Promise<void> {
  const lines: string[] = [];
  for (const [key, entry] of entries) {
    lines.push(
      JSON.stringify({
        op: "claim",
        key,
        fingerprint: entry.fingerprint,
        startedAt: entry.startedAt,
        expiresAt: entry.expiresAt,
      }),
    );
    lines.push(JSON.stringify({ op: "done", key, response: entry.response }));
  }
  await replaceFileDurably(file, lines.length > 0 ? `${lines.join("\n")}\n` : "");
}
