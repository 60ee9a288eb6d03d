import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, expect, it, vi } from "vitest";

// Records every fsync the key code asks for, by the path it was opened with.
const synced = vi.hoisted(() => [] as string[]);
vi.mock("node:fs/promises", async (importOriginal) => {
  const actual = await importOriginal<typeof import("node:fs/promises")>();
  const open: typeof actual.open = async (file, ...rest) => {
    const handle = await actual.open(file, ...rest);
    const sync = handle.sync.bind(handle);
    handle.sync = async () => {
      await sync();
      synced.push(String(file));
    };
    return handle;
  };
  return { ...actual, default: { ...actual, open }, open };
});

const { GENERATED_KEY_FILE, loadOrCreateGeneratedKey } = await import("./api-keys");

let dir: string;
afterEach(() => rm(dir, { recursive: true, force: true }));

it("a generated key's file and directory are fsynced before the key is handed out", async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "petstore-key-sync-"));
  const generated = await loadOrCreateGeneratedKey(dir);
  expect(generated.created).toBe(true);
  expect(synced).toEqual([path.join(dir, GENERATED_KEY_FILE), dir]);
});
