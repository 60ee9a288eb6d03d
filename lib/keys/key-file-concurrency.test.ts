import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { describeThisProcess, encodeLockOwner } from "@/lib/store/file/lock-owner";
import { KEYS_FILE, openFileKeyStore } from "./file-key-store";
import type { KeyRecord } from "./key-store";

/**
 * Issue 20, finding 5: `npm run keys` commands run at the same moment on the file store
 * each read the key file, change it and replace it; without an exclusive lock one
 * replaces the other's change, so a revocation printed as done or a created key is lost.
 */

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const COMMANDS_AT_ONCE = 12;

function keysCommand(dataDir: string, ...argv: string[]): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", "scripts/keys.ts", ...argv], {
    cwd: ROOT,
    env: { ...process.env, PETSTORE_DATA_DIR: dataDir, PETSTORE_DATABASE_URL: "", PETSTORE_API_KEYS: "" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout.on("data", (chunk) => (out += chunk));
  child.stderr.on("data", (chunk) => (out += chunk));
  return new Promise((resolve) => child.once("exit", (code) => resolve({ code, out })));
}

const record = (id: string): KeyRecord => ({
  id,
  name: `old ${id}`,
  scopes: ["pets:read"],
  hash: id.repeat(6).slice(0, 64).padEnd(64, "0"),
  createdAt: new Date().toISOString(),
  issuer: { type: "operator" },
});

describe("key file under concurrent writers", () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "petstore-keys-race-"));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("keeps every change of writers in one process that overlap", async () => {
    const store = openFileKeyStore(dir);
    const ids = Array.from({ length: 20 }, (_, i) => (0xa00000000000 + i).toString(16));
    await Promise.all(ids.map((id) => store.add(record(id))));
    expect((await store.list()).map((key) => key.id).sort()).toEqual(ids);
    const revoked = await Promise.all(ids.map((id) => store.revoke(id, new Date())));
    expect(revoked.every(Boolean)).toBe(true);
    expect((await store.list()).filter((key) => !key.revokedAt)).toEqual([]);
  });

  it("loses no create and no revocation of `npm run keys` commands run at the same moment", async () => {
    const store = openFileKeyStore(dir);
    const old = Array.from({ length: COMMANDS_AT_ONCE / 2 }, (_, i) => (0xb00000000000 + i).toString(16));
    for (const id of old) await store.add(record(id));

    const results = await Promise.all([
      ...old.map((id) => keysCommand(dir, "revoke", id)),
      ...old.map((_, i) => keysCommand(dir, "create", "--name", `new ${i}`, "--scopes", "pets:read")),
    ]);
    for (const result of results) expect(result.code, result.out).toBe(0);

    const keys = await store.list();
    const printedRevoked = results.flatMap((result) => /Revoked key ([0-9a-f]{12})/.exec(result.out)?.[1] ?? []);
    expect(printedRevoked.sort()).toEqual(old);
    for (const id of old) expect(keys.find((key) => key.id === id)?.revokedAt, `key ${id}`).toBeDefined();
    const printedCreated = results.flatMap((result) => /Created key ([0-9a-f]{12})/.exec(result.out)?.[1] ?? []);
    expect(printedCreated).toHaveLength(old.length);
    for (const id of printedCreated)
      expect(
        keys.some((key) => key.id === id && !key.revokedAt),
        `key ${id}`,
      ).toBe(true);
  }, 120_000);

  it("takes over the lock of a keys command that died holding it", async () => {
    const child = spawn(process.execPath, ["-e", ""], { stdio: "ignore" });
    await new Promise((resolve) => child.once("exit", resolve));
    const dead = { ...describeThisProcess(), pid: child.pid as number, startTime: undefined };
    fs.writeFileSync(path.join(dir, `${KEYS_FILE}.lock`), encodeLockOwner(dead));
    const store = openFileKeyStore(dir);
    await store.add(record("c00000000000"));
    expect((await store.list()).map((key) => key.id)).toEqual(["c00000000000"]);
    expect(fs.existsSync(path.join(dir, `${KEYS_FILE}.lock`))).toBe(false);
  });
});
