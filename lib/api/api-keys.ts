import "server-only";
import { randomBytes } from "node:crypto";
import { mkdir, open, readFile, unlink } from "node:fs/promises";
import path from "node:path";
import { config } from "@/lib/config";
import { digestOf, sameHash } from "@/lib/keys/key-format";
import { processSingleton } from "@/lib/process-singleton";

/** Where the generated key lives when PETSTORE_API_KEYS is unset. */
export const GENERATED_KEY_FILE = "api-key";

export interface KeyRing {
  /** True when the presented token is one of the keys. Constant time in the token and keys. */
  accepts(token: string): boolean;
  /**
   * Which key (its position) a token is, or -1, given the token's SHA-256 (digestOf): the
   * caller computes it once per request. Constant time like `accepts`.
   */
  indexOfDigest(digest: string): number;
}

export interface GeneratedKey {
  key: string;
  file: string;
  /** True only on the start that created it: the one time it is printed. */
  created: boolean;
}

/**
 * Compares SHA-256 digests in constant time (sameHash): digests have a fixed length (so the
 * length of a key leaks nothing) and every key is compared, match or not.
 */
export function keyRingOf(keys: readonly string[]): KeyRing {
  const digests = keys.map(digestOf);
  const indexOfDigest = (presented: string) => {
    let found = -1;
    digests.forEach((known, index) => {
      if (sameHash(presented, known)) found = index;
    });
    return found;
  };
  return { accepts: (token) => indexOfDigest(digestOf(token)) >= 0, indexOfDigest };
}

/**
 * Reads the generated key from the data directory, creating it (owner-only, 0600) on the
 * first start. Exclusive create means two processes racing here agree on one key. A
 * created key is durable before it is returned, so the one time it is shown is never
 * followed by a crash that forgets it.
 */
export async function loadOrCreateGeneratedKey(dataDir: string): Promise<GeneratedKey> {
  const file = path.join(dataDir, GENERATED_KEY_FILE);
  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const key = `ps_${randomBytes(32).toString("base64url")}`;
  try {
    await writeDurably(file, `${key}\n`);
    return { key, file, created: true };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
  const stored = (await readFile(file, "utf8")).trim();
  if (!stored) throw new Error(`API key file ${file} is empty: delete it to generate a new key`);
  return { key: stored, file, created: false };
}

/** Creates `file` (never overwriting) and fsyncs it and its directory entry. */
async function writeDurably(file: string, text: string): Promise<void> {
  const handle = await open(file, "wx", 0o600);
  try {
    await handle.writeFile(text);
    await handle.sync();
  } catch (error) {
    await unlink(file).catch(() => undefined); // a half-written key would block every later start
    throw error;
  } finally {
    await handle.close();
  }
  // Without this a crash can forget that the file exists at all.
  const dir = await open(path.dirname(file), "r");
  try {
    await dir.sync();
  } finally {
    await dir.close();
  }
}

/** The keys this process accepts, and the generated key when that is where they came from. */
export interface ApiKeys {
  ring: KeyRing;
  /** Present when PETSTORE_API_KEYS is unset. */
  generated?: GeneratedKey;
}

// One per process: start-up (which announces the key) and the route bundles share it,
// so the key file is read once.
const apiKeys = processSingleton<ApiKeys>("apiKeys");

/** PETSTORE_API_KEYS, or else the generated key (created on the first start); at once once loaded. */
export function getApiKeys(): ApiKeys | Promise<ApiKeys> {
  return apiKeys.settled() ?? loadApiKeys();
}

function loadApiKeys(): Promise<ApiKeys> {
  return apiKeys.get(async () => {
    if (config.apiKeys.length > 0) return { ring: keyRingOf(config.apiKeys) };
    const generated = await loadOrCreateGeneratedKey(config.dataDir);
    return { ring: keyRingOf([generated.key]), generated };
  });
}
