import { describe, expect, it } from "vitest";
import { KNOWN_ANSWER_ANIMALS, KNOWN_ANSWER_MAPPING, KNOWN_ANSWER_TIME_ZONE } from "./known-answer-year";
import { periodOf } from "./period";
import { StatsCache } from "./stats-cache";
import type { StatsSnapshot } from "./stats-source";

const snapshot: StatsSnapshot = {
  animals: KNOWN_ANSWER_ANIMALS.map((animal) => ({ ...animal, name: `Pet ${animal.petId}` })),
  mapping: KNOWN_ANSWER_MAPPING,
};

function cacheAt(sequence: { now: number }) {
  const loads = { count: 0 };
  const cache = new StatsCache(
    async () => sequence.now,
    async () => {
      loads.count++;
      return snapshot;
    },
    KNOWN_ANSWER_TIME_ZONE,
  );
  return { cache, loads };
}

describe("the statistics' cache", () => {
  it("reads the record once while the event log has not grown, and again once it has", async () => {
    const sequence = { now: 7 };
    const { cache, loads } = cacheAt(sequence);
    const first = await cache.current();
    expect(await cache.current()).toBe(first);
    expect(loads.count).toBe(1);
    sequence.now = 8;
    const second = await cache.current();
    expect(second).not.toBe(first);
    expect(second.version).toBe(8);
    expect(loads.count).toBe(2);
  });

  it("has requests that arrive during a read wait for it instead of reading again", async () => {
    const { cache, loads } = cacheAt({ now: 3 });
    const views = await Promise.all([cache.current(), cache.current(), cache.current()]);
    expect(new Set(views).size).toBe(1);
    expect(loads.count).toBe(1);
  });

  it("works a period's figures out once per snapshot, and names the animals", async () => {
    const { cache } = cacheAt({ now: 1 });
    const view = await cache.current();
    const year = view.statistics(periodOf("2025"));
    expect(view.statistics(periodOf("2025"))).toBe(year);
    expect(year.liveReleaseRates[0]).toMatchObject({ live: 9, counted: 12, rate: 0.75 });
    expect(view.names.get(105)).toBe("Pet 105");
  });

  it("does not keep a failed read", async () => {
    let fail = true;
    const cache = new StatsCache(
      async () => 1,
      async () => {
        if (fail) throw new Error("store unavailable");
        return snapshot;
      },
      "UTC",
    );
    await expect(cache.current()).rejects.toThrow("store unavailable");
    fail = false;
    expect((await cache.current()).version).toBe(1);
  });
});
