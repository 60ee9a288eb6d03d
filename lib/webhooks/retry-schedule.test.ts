import { describe, expect, it } from "vitest";
import { DEFAULT_RETRY_SCHEDULE_MS, nextRetryDelay, parseRetryAfter, parseRetrySchedule } from "./retry-schedule";

describe("the retry schedule", () => {
  it("reaches about three days over ten attempts", () => {
    const total = DEFAULT_RETRY_SCHEDULE_MS.reduce((sum, step) => sum + step, 0);
    expect(DEFAULT_RETRY_SCHEDULE_MS).toHaveLength(9);
    expect(total / 86_400_000).toBeGreaterThan(3);
    expect(total / 86_400_000).toBeLessThan(3.5);
  });

  it("jitters each wait by at most a fifth and stops when the schedule is spent", () => {
    expect(nextRetryDelay([1000, 2000], 1, undefined, () => 0)).toBe(800);
    expect(nextRetryDelay([1000, 2000], 2, undefined, () => 1)).toBe(2400);
    expect(nextRetryDelay([1000, 2000], 3, undefined)).toBeUndefined();
  });

  it("waits at least as long as Retry-After asks, up to a day", () => {
    expect(nextRetryDelay([1000], 1, 60_000, () => 0.5)).toBe(60_000);
    expect(nextRetryDelay([1000], 1, 10, () => 0.5)).toBe(1000);
    expect(nextRetryDelay([1000], 1, 9 * 86_400_000, () => 0.5)).toBe(86_400_000);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    const now = Date.parse("2026-11-26T10:00:00Z");
    expect(parseRetryAfter("120", now)).toBe(120_000);
    expect(parseRetryAfter("Thu, 26 Nov 2026 10:01:00 GMT", now)).toBe(60_000);
    expect(parseRetryAfter("soon", now)).toBeUndefined();
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
  });

  it("parses an operator's schedule and names a bad entry", () => {
    expect(parseRetrySchedule("50ms, 1s,2m,1h")).toEqual([50, 1000, 120_000, 3_600_000]);
    expect(parseRetrySchedule("5s,soon")).toEqual({ error: expect.stringContaining("entry 2") });
  });
});
