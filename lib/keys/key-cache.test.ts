import { describe, expect, it } from "vitest";
import { issueKey, revokeKey } from "./key-admin";
import { generateKey, hashKey } from "./key-format";
import { createKeyCache } from "./key-cache";
import type { KeyRecord, KeyStore } from "./key-store";

function memoryStore(): KeyStore & { reads: number } {
  const keys: KeyRecord[] = [];
  const store = {
    reads: 0,
    async add(record: KeyRecord) {
      keys.push({ ...record });
    },
    async list() {
      store.reads++;
      return keys.map((key) => ({ ...key }));
    },
    async revoke(id: string, at: Date) {
      const key = keys.find((candidate) => candidate.id === id);
      if (!key || key.revokedAt) return false;
      key.revokedAt = at.toISOString();
      return true;
    },
    async revokeBeyond() {
      return [];
    },
    async close() {},
  };
  return store;
}

describe("key cache", () => {
  it("finds a usable key and sees its revocation once its copy is older than the max age", async () => {
    const store = memoryStore();
    const cache = createKeyCache(store, 50);
    const { key, record } = await issueKey(store, { name: "a", scopes: ["pets:read"] });
    expect((await cache.find(key))?.id).toBe(record.id);
    await revokeKey(store, record.id);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(await cache.find(key)).toBeUndefined();
  });

  it("never reads the store for tokens that are not issued keys, or fail their checksum", async () => {
    const store = memoryStore();
    const cache = createKeyCache(store, 0);
    const { key } = await issueKey(store, { name: "a", scopes: ["pets:read"] });
    expect(await cache.find("test-key-1-4f9a2c81d7e6")).toBeUndefined();
    expect(await cache.find(key.slice(0, -1) + (key.endsWith("0") ? "1" : "0"))).toBeUndefined();
    expect(store.reads).toBe(0);
  });

  it("refuses a well-formed key whose id is known but whose hash differs", async () => {
    const store = memoryStore();
    const cache = createKeyCache(store, 0);
    const { key, id } = generateKey();
    await store.add({
      id,
      name: "a",
      scopes: ["pets:read"],
      hash: hashKey(`${key}!`),
      createdAt: "2026-11-22T00:00:00Z",
      issuer: { type: "operator" },
    });
    expect(await cache.find(key)).toBeUndefined();
  });

  it("with a fresh copy, refuses a token that only starts like a known key, and never re-reads for it", async () => {
    const store = memoryStore();
    const cache = createKeyCache(store, 60_000);
    const { key, record } = await issueKey(store, { name: "a", scopes: ["pets:read"] });
    expect((await cache.find(key))?.id).toBe(record.id); // the copy is now fresh
    const misshapen = `${key.slice(0, 20)}${"."}${key.slice(21)}`; // same length, prefix and id
    expect(await cache.find(misshapen)).toBeUndefined();
    expect(store.reads).toBe(1);
  });
});

describe("key cache check (readiness)", () => {
  it("reads nothing while the copy is fresh, re-reads a stale one, and fails when the store does", async () => {
    const store = memoryStore();
    const cache = createKeyCache(store, 60_000);
    await cache.check();
    expect(store.reads).toBe(1);
    await cache.check();
    expect(store.reads).toBe(1);

    const failing = createKeyCache({ ...store, list: () => Promise.reject(new Error("stalled")) }, 0);
    await expect(failing.check()).rejects.toThrow("stalled");
    // The failed read has settled: the next one is a new attempt, not the same stuck promise.
    await expect(failing.check()).rejects.toThrow("stalled");
  });
});

/** A change feed the test drives: `announce` is what a NOTIFY on api_keys would do. */
function testFeed(live = true) {
  const subscribers = new Set<(table: string) => void>();
  return {
    live,
    subscribe(onChange: (table: string) => void) {
      subscribers.add(onChange);
      return () => subscribers.delete(onChange);
    },
    async close() {},
    announce(table: string) {
      for (const subscriber of subscribers) subscriber(table);
    },
  };
}

describe("key cache told of changes (PostgreSQL's LISTEN)", () => {
  it("keeps its copy while nothing changes, however old, and re-reads once api_keys changed", async () => {
    const store = memoryStore();
    const feed = testFeed();
    const cache = createKeyCache(store, 10, feed);
    const { key, record } = await issueKey(store, { name: "a", scopes: ["pets:read"] });
    expect((await cache.find(key))?.id).toBe(record.id);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const reads = store.reads;
    expect(cache.find(key)).toMatchObject({ id: record.id }); // at once: no promise, no read
    feed.announce("pets");
    expect(store.reads).toBe(reads);
    await revokeKey(store, record.id);
    feed.announce("api_keys");
    expect(await cache.find(key)).toBeUndefined();
  });

  it("polls again while the feed is lost", async () => {
    const store = memoryStore();
    const feed = testFeed();
    const cache = createKeyCache(store, 10, feed);
    const { key, record } = await issueKey(store, { name: "a", scopes: ["pets:read"] });
    expect((await cache.find(key))?.id).toBe(record.id);
    feed.live = false;
    feed.announce("*");
    await revokeKey(store, record.id);
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(await cache.find(key)).toBeUndefined();
  });
});

describe("key cache told of this process's own change (/v1/keys)", () => {
  it("sees a new key and a revocation as soon as changed() resolves, however fresh its copy", async () => {
    const store = memoryStore();
    const cache = createKeyCache(store, 60_000, testFeed());
    await cache.check();
    const { key, record } = await issueKey(store, { name: "a", scopes: ["pets:read"] });
    expect(cache.find(key)).toBeUndefined(); // a fresh copy, made before the key
    await cache.changed();
    expect(cache.find(key)).toMatchObject({ id: record.id });
    await revokeKey(store, record.id);
    await cache.changed();
    expect(cache.find(key)).toBeUndefined();
  });
});
