import "server-only";
import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import * as z from "zod";
import { derivedIssuer, KeyIssuer, outlivesIssuer } from "./key-issuer";
import { isUsable, type KeyRecord, type KeyStore } from "./key-store";
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
      // Optional: files written before issuers were kept; read, each gets the one its record proves.
      issuer: KeyIssuer.optional(),
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
    const { keys } = KeyFile.parse(JSON.parse(text));
    return keys.map((key) => ({ ...key, issuer: derivedIssuer(key, keys) }));
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
    revokeBeyond: (personId, held, at, by) =>
      withKeyFileLock(file, async () => {
        const keys = await read();
        const revoked = keys.filter(
          (key) =>
            key.issuer.type === "person" &&
            key.issuer.id === personId &&
            isUsable(key, at.getTime()) &&
            outlivesIssuer(key.scopes, held),
        );
        if (revoked.length === 0) return [];
        for (const key of revoked) {
          key.revokedAt = at.toISOString();
          if (by) key.revokedBy = by;
        }
        await write(keys);
        return revoked;
      }),
    async close() {},
  };
}
