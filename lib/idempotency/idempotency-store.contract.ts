import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { IdempotencyStore } from "./idempotency-store";

export interface IdempotencySubject {
  /** Opens the store (again: a restart after the previous opening was closed). */
  open(): Promise<IdempotencyStore>;
  cleanup(): Promise<void>;
}

const HOUR = 3_600_000;
const options = (now: number) => ({ now, ttlMs: 24 * HOUR, abandonAfterMs: 30_000 });
const created = { status: 201, body: '{"id":7}', location: "/v1/pets/7" };

/** What every IdempotencyStore adapter promises. */
export function describeIdempotencyStoreContract(name: string, create: () => Promise<IdempotencySubject>): void {
  describe(`IdempotencyStore contract: ${name}`, () => {
    let subject: IdempotencySubject;
    let store: IdempotencyStore;
    const now = Date.now();
    beforeEach(async () => {
      subject = await create();
      store = await subject.open();
    });
    afterEach(async () => {
      await store.close();
      await subject.cleanup();
    });

    it("claims a new key, reports it running, then replays its answer", async () => {
      expect(await store.claim("k:1", "fp", options(now))).toEqual({ kind: "claimed" });
      expect(await store.claim("k:1", "fp", options(now + 10))).toEqual({ kind: "running" });
      await store.complete("k:1", created);
      expect(await store.claim("k:1", "fp", options(now + 20))).toEqual({ kind: "done", response: created });
    });

    it("tells a different request with the same key apart", async () => {
      await store.claim("k:1", "fp", options(now));
      await store.complete("k:1", created);
      expect(await store.claim("k:1", "other", options(now + 10))).toEqual({ kind: "mismatch" });
      expect(await store.claim("k:2", "other", options(now + 10))).toEqual({ kind: "claimed" });
    });

    it("keeps a completed answer through a restart", async () => {
      await store.claim("k:1", "fp", options(now));
      await store.complete("k:1", created);
      await store.close();
      store = await subject.open();
      expect(await store.claim("k:1", "fp", options(now + 10))).toEqual({ kind: "done", response: created });
    });

    it("lets a released or expired key, or one abandoned while running, be claimed afresh", async () => {
      await store.claim("k:1", "fp", options(now));
      await store.release("k:1");
      expect(await store.claim("k:1", "fp2", options(now + 10))).toEqual({ kind: "claimed" });
      await store.complete("k:1", created);
      expect(await store.claim("k:1", "fp3", options(now + 25 * HOUR))).toEqual({ kind: "claimed" });
      await store.claim("k:2", "fp", options(now));
      expect(await store.claim("k:2", "fp", options(now + 31_000))).toEqual({ kind: "claimed" });
    });
  });
}
