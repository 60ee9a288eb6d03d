import "server-only";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import * as z from "zod";
import type { KeyRecord, KeyStore } from "./key-store";
import { Scope } from "./scopes";
import { EventActor } from "@/lib/events/event-types";
import { replaceFileDurably } from "@/lib/durable-file";
import { withKeyFileLock } from "./key-file-lock";

/** The issued keys of the file store, beside its journal (hashes only, never secrets). */
export const KEYS_FILE = "api-keys.json";

const KeyFile = z.object({
  version: z.literal(1),
  keys: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      scopes: z.array(Scope),
      hash: z.string(),
      createdAt: z.string(),
      expiresAt: z.string().optional(),
      revokedAt: z.string().optional(),
      // Optional: files written before keys were issued over HTTP name no actor (the operator).
      createdBy: EventActor.optional(),
      revokedBy: EventActor.optional(),
    }),
  ),
});

/**
 * Keys in one small JSON file, replaced whole on every change: written to a temporary file,
 * fsynced, renamed over the old one and the directory fsynced, so a reader (a running
 * server) sees the old list or the new one, never half of either, and a crash keeps one.
 * Each change reads and replaces the file under an exclusive lock, so changes made at the
 * same moment (two `npm run keys` commands) all survive (./key-file-lock.ts).
 */
export function openFileKeyStore(dataDir: string): KeyStore {
  const file = path.join(dataDir, KEYS_FILE);
  const read = async (): Promise<KeyRecord[]> => {
    let text: string;
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
    return KeyFile.parse(JSON.parse(text)).keys;
  };
  const write = async (keys: KeyRecord[]) => {
    await mkdir(dataDir, { recursive: true, mode: 0o700 });
    await replaceFileDurably(file, `${JSON.stringify({ version: 1, keys }, null, 1)}\n`);
  };
  return {
    add: (record) =>
      withKeyFileLock(file, async () => {
        const keys = await read();
        if (keys.some((key) => key.id === record.id)) throw new Error(`a key with id ${record.id} exists`);
        await write([...keys, record]);
      }),
    list: read,
    revoke: (id, at, by) =>
      withKeyFileLock(file, async () => {
        const keys = await read();
        const key = keys.find((candidate) => candidate.id === id);
        if (!key || key.revokedAt) return false;
        key.revokedAt = at.toISOString();
        if (by) key.revokedBy = by;
        await write(keys);
        return true;
      }),
    async close() {},
  };
}
