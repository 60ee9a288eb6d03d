import { describe, expect, it } from "vitest";
import { InsertBatcher } from "./insert-batcher";

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe("InsertBatcher", () => {
  it("sends a lone item at once, and items arriving meanwhile together, in order", async () => {
    const batches: number[][] = [];
    const batcher = new InsertBatcher<number, string>(async (items) => {
      batches.push(items);
      await tick();
      return items.map((item) => `#${item}`);
    }, 1);
    const results = await Promise.all([1, 2, 3, 4].map((item) => batcher.submit(item)));
    expect(results).toEqual(["#1", "#2", "#3", "#4"]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it("keeps at most maxInFlight statements running", async () => {
    let running = 0;
    let most = 0;
    const batcher = new InsertBatcher<number, number>(
      async (items) => {
        most = Math.max(most, ++running);
        await tick();
        running--;
        return items;
      },
      3,
      2,
    );
    await Promise.all(Array.from({ length: 20 }, (_, i) => batcher.submit(i)));
    expect(most).toBe(3);
  });

  it("retries a refused batch row by row, so only the bad row's request fails", async () => {
    const batcher = new InsertBatcher<number, number>(async (items) => {
      await tick();
      if (items.includes(13)) throw Object.assign(new Error("violates check constraint"), { code: "23514" });
      return items;
    }, 1);
    const results = await Promise.allSettled([1, 13, 2, 3].map((item) => batcher.submit(item)));
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "fulfilled"]);
  });

  it("says when it is idle: nothing queued, nothing in flight", async () => {
    const batcher = new InsertBatcher<number, number>(async (items) => (await tick(), items), 1);
    const done: number[] = [];
    for (const item of [1, 2, 3]) void batcher.submit(item).then((result) => done.push(result));
    await batcher.idle();
    expect(done).toEqual([1, 2, 3]);
  });

  it("fails the whole batch at once when the database is unavailable", async () => {
    let calls = 0;
    const batcher = new InsertBatcher<number, number>(async () => {
      calls++;
      await tick();
      throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
    }, 1);
    const results = await Promise.allSettled([1, 2, 3].map((item) => batcher.submit(item)));
    expect(results.every((result) => result.status === "rejected")).toBe(true);
    expect(calls).toBe(2); // [1], then [2, 3]: no row-by-row retries
  });
});
