import { mkdtemp, readFile, rm, stat } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { GENERATED_KEY_FILE, keyRingOf, loadOrCreateGeneratedKey } from "./api-keys";

describe("keyRingOf", () => {
  const ring = keyRingOf(["alpha-key", "beta-key"]);

  it("accepts each configured key", () => {
    expect(ring.accepts("alpha-key")).toBe(true);
    expect(ring.accepts("beta-key")).toBe(true);
  });

  it("refuses near misses: prefix, suffix, case, empty", () => {
    for (const token of ["alpha", "alpha-key2", "ALPHA-KEY", "", " alpha-key"]) {
      expect(ring.accepts(token), token).toBe(false);
    }
  });

  it("accepts nothing when there are no keys", () => {
    expect(keyRingOf([]).accepts("")).toBe(false);
  });
});

describe("loadOrCreateGeneratedKey", () => {
  let dir: string;
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it("creates an owner-only key once and reuses it on later starts", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "petstore-key-"));
    const dataDir = path.join(dir, "data");
    const first = await loadOrCreateGeneratedKey(dataDir);
    const second = await loadOrCreateGeneratedKey(dataDir);

    expect(first.created).toBe(true);
    expect(second).toEqual({ ...first, created: false });
    expect(first.key).toMatch(/^ps_[A-Za-z0-9_-]{43}$/);
    const file = path.join(dataDir, GENERATED_KEY_FILE);
    expect((await readFile(file, "utf8")).trim()).toBe(first.key);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
  });

  it("agrees on one key when two starts race", async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), "petstore-key-"));
    const keys = await Promise.all([1, 2, 3].map(() => loadOrCreateGeneratedKey(dir)));
    expect(new Set(keys.map((k) => k.key)).size).toBe(1);
    expect(keys.filter((k) => k.created)).toHaveLength(1);
  });
});
