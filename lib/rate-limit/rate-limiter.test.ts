import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { createPostgresRateLimiter } from "./postgres-rate-limiter";
import { createMemoryRateLimiter, windowOf, type RateLimiter } from "./rate-limiter";

function describeRateLimiter(name: string, open: () => Promise<{ limiter: RateLimiter; close(): Promise<void> }>) {
  describe(`RateLimiter: ${name}`, () => {
    let subject: { limiter: RateLimiter; close(): Promise<void> };
    beforeAll(async () => {
      subject = await open();
    });
    afterAll(() => subject.close());

    it("allows `limit` requests per window per bucket, then refuses", async () => {
      const states = [];
      for (let i = 0; i < 4; i++) states.push(await subject.limiter.hit("key:a", 3, 3600));
      expect(states.map((state) => [state.allowed, state.remaining])).toEqual([
        [true, 2],
        [true, 1],
        [true, 0],
        [false, 0],
      ]);
      expect(states[3]!.resetSeconds).toBeGreaterThan(0);
      expect(states[3]!.resetSeconds).toBeLessThanOrEqual(3600);
      expect((await subject.limiter.hit("key:b", 3, 3600)).remaining).toBe(2);
    });
  });
}

describeRateLimiter("memory", async () => ({ limiter: createMemoryRateLimiter(), close: async () => {} }));

describeRateLimiter("postgres", async () => {
  const target = newTestSchema();
  await migrateDatabase({
    connectionString: target.connectionString,
    schema: target.schema,
    logger: { info: () => {}, warn: () => {} },
  });
  const limiter = createPostgresRateLimiter({ connectionString: target.connectionString, schema: target.schema });
  const other = createPostgresRateLimiter({ connectionString: target.connectionString, schema: target.schema });
  return {
    // Two pools, as two instances would have: the count is shared.
    limiter: { hit: (bucket, limit, window) => (bucket.endsWith("a") ? limiter : other).hit(bucket, limit, window) },
    close: async () => {
      await limiter.close();
      await other.close();
      await target.drop();
    },
  };
});

describe("memory rate limiter windows", () => {
  it("starts a new window with a whole quota", async () => {
    let now = 1_000_000;
    const limiter = createMemoryRateLimiter(() => now);
    expect((await limiter.hit("k", 1, 10)).allowed).toBe(true);
    expect((await limiter.hit("k", 1, 10)).allowed).toBe(false);
    now += 10_000;
    expect((await limiter.hit("k", 1, 10)).allowed).toBe(true);
  });

  it("reports whole seconds to the window's end", () => {
    expect(windowOf(1_000, 60)).toEqual({ start: 0, resetSeconds: 59 });
    expect(windowOf(59_999, 60).resetSeconds).toBe(1);
  });
});
