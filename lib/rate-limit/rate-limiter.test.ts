import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateDatabase } from "@/lib/store/postgres/migrate";
import { newTestSchema } from "@/lib/store/postgres/test-schema";
import { createPostgresRateLimiter, localBudget } from "./postgres-rate-limiter";
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

    it("tells what a bucket has counted in this window without counting", async () => {
      for (let i = 0; i < 2; i++) await subject.limiter.hit("count:a", 5, 3600);
      expect(await subject.limiter.counted(["count:a", "count:none"], 3600)).toEqual([2, 0]);
      expect(await subject.limiter.counted(["count:a"], 3600)).toEqual([2]);
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
    // Counts are read on the other: what one instance counted, the other sees.
    limiter: {
      hit: (bucket, limit, window) => (bucket.endsWith("a") ? limiter : other).hit(bucket, limit, window),
      counted: (buckets, window) => other.counted(buckets, window),
    },
    close: async () => {
      await limiter.close();
      await other.close();
      await target.drop();
    },
  };
});

describe("PostgreSQL rate limiter across instances (docs/decisions/122)", () => {
  it("gives a key at most its quota plus each instance's local budget, and writes in batches", async () => {
    const target = newTestSchema();
    await migrateDatabase({
      connectionString: target.connectionString,
      schema: target.schema,
      logger: { info: () => {}, warn: () => {} },
    });
    const instances = [0, 1].map(() => createPostgresRateLimiter({ ...target, flushIntervalMs: 20 }));
    const limit = 1_000;
    try {
      let allowed = 0;
      // Bursts on both at once, as two busy instances would see them.
      for (let burst = 0; burst < 30; burst++) {
        const states = await Promise.all(
          Array.from({ length: 100 }, (_, i) => instances[i % 2]!.hit("key:shared", limit, 3600)),
        );
        allowed += states.filter((state) => state.allowed).length;
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      expect(allowed).toBeGreaterThanOrEqual(limit);
      expect(allowed).toBeLessThanOrEqual(limit + 2 * localBudget(limit));
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await target.drop();
    }
  }, 30_000);

  it("decides a small quota (no local budget) exactly, across instances", async () => {
    const target = newTestSchema();
    await migrateDatabase({
      connectionString: target.connectionString,
      schema: target.schema,
      logger: { info: () => {}, warn: () => {} },
    });
    const instances = [0, 1].map(() => createPostgresRateLimiter(target));
    try {
      const states = await Promise.all(
        Array.from({ length: 60 }, (_, i) => instances[i % 2]!.hit("key:small", 50, 3600)),
      );
      expect(states.filter((state) => state.allowed)).toHaveLength(50);
    } finally {
      await Promise.all(instances.map((instance) => instance.close()));
      await target.drop();
    }
  }, 30_000);
});

/**
 * Sign-in failures count in quarter-hour windows beside the API's minute (lib/people/
 * sign-in-limits.ts): a minute's sweep must not forget a quarter hour's count.
 */
describe("buckets of different window lengths share a limiter", () => {
  const longAndShort = async (limiter: RateLimiter & { flush?(): Promise<void> }, advance: (ms: number) => void) => {
    for (let i = 0; i < 3; i++) await limiter.hit("sign-in:a", 3, 900);
    advance(61_000);
    await limiter.hit("key:api", 600, 60); // a new minute: the sweep runs
    await limiter.flush?.();
    advance(61_000);
    await limiter.hit("key:api", 600, 60);
    await limiter.flush?.();
    return limiter.hit("sign-in:a", 3, 900);
  };

  it("in memory", async () => {
    let now = Date.UTC(2026, 10, 26, 12, 0, 1);
    const state = await longAndShort(
      createMemoryRateLimiter(() => now),
      (ms) => (now += ms),
    );
    expect(state.allowed).toBe(false);
  });

  it("on PostgreSQL", async () => {
    const target = newTestSchema();
    await migrateDatabase({
      connectionString: target.connectionString,
      schema: target.schema,
      logger: { info: () => {}, warn: () => {} },
    });
    let now = Date.UTC(2026, 10, 26, 12, 0, 1);
    const options = { connectionString: target.connectionString, schema: target.schema, now: () => now };
    const limiter = createPostgresRateLimiter(options);
    try {
      expect((await longAndShort(limiter, (ms) => (now += ms))).allowed).toBe(false);
      // And another instance, which never counted it, reads it from the table.
      const other = createPostgresRateLimiter(options);
      try {
        await other.hit("sign-in:a", 3, 900);
        await other.flush();
        expect((await other.hit("sign-in:a", 3, 900)).allowed).toBe(false);
      } finally {
        await other.close();
      }
    } finally {
      await limiter.close();
      await target.drop();
    }
  });
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

describe("rate-limit state stays bounded (issue 20 finding 4)", () => {
  it("in memory: at most maxBuckets, the least recently counted dropped first", async () => {
    const limiter = createMemoryRateLimiter(() => 1_000_000, 3);
    for (const address of ["a", "b", "c"]) await limiter.hit(`auth:${address}`, 1, 60);
    await limiter.hit("auth:a", 1, 60); // a is recent again; b is the oldest now
    for (let i = 0; i < 500; i++) await limiter.hit(`auth:spoofed-${i}`, 1, 60);
    expect(limiter.size()).toBe(3);
    await limiter.hit("auth:d", 1, 60);
    expect(limiter.size()).toBe(3);
  });

  it("on PostgreSQL: rows of ended windows are deleted once a new window begins", async () => {
    const target = newTestSchema();
    await migrateDatabase({
      connectionString: target.connectionString,
      schema: target.schema,
      logger: { info: () => {}, warn: () => {} },
    });
    let now = 1_000_000_000;
    const limiter = createPostgresRateLimiter({ ...target, now: () => now });
    const rows = async () => {
      const client = new pg.Client({ connectionString: target.connectionString });
      await client.connect();
      try {
        const { rows } = await client.query(`SELECT bucket FROM ${target.schema}.rate_limits ORDER BY bucket`);
        return rows.map((row) => row.bucket);
      } finally {
        await client.end();
      }
    };
    try {
      for (let i = 0; i < 500; i++) await limiter.hit(`auth:198.51.100.${i}`, 20, 60);
      expect(await rows()).toHaveLength(500);
      now += 60_000;
      await limiter.hit("key:k", 20, 60);
      await limiter.flush(); // the sweep follows the flush that answered the hit
      expect(await rows()).toEqual(["key:k"]);
    } finally {
      await limiter.close();
      await target.drop();
    }
    // A migration and 500 round trips to a real database: seconds on a loaded machine.
  }, 30_000);
});
