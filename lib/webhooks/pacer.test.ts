import { describe, expect, it } from "vitest";
import { Pacer } from "./pacer";

describe("the delivery pacer", () => {
  it("lets one batch start at once, then no more until time passes", () => {
    const pacer = new Pacer(1_000, 10, 0);
    expect(pacer.available(0)).toBe(10);
    pacer.spend(10, 0);
    expect(pacer.available(0)).toBe(0);
    expect(pacer.msUntilBatch(0)).toBe(10);
  });

  it("refills at the rate, never beyond one batch however long it was idle", () => {
    const pacer = new Pacer(1_000, 10, 0);
    pacer.spend(10, 0);
    expect(pacer.available(4)).toBe(4);
    expect(pacer.msUntilBatch(4)).toBe(6);
    expect(pacer.available(60_000)).toBe(10);
  });

  it("holds a long run to the rate", () => {
    const pacer = new Pacer(800, 8, 0);
    let started = 0;
    for (let now = 0; now <= 10_000; now += 1) {
      const count = pacer.available(now);
      pacer.spend(count, now);
      started += count;
    }
    // 8 at once, then 800/s for 10 s.
    expect(started).toBe(8 + 8_000);
  });

  it("counts fewer started than taken as fewer spent, never beyond one batch", () => {
    const pacer = new Pacer(1_000, 10, 0);
    pacer.spend(10, 0);
    pacer.refund(7);
    expect(pacer.available(0)).toBe(7);
    pacer.refund(7);
    expect(pacer.available(0)).toBe(10);
  });

  it("refills while a step's claim is under way", () => {
    const pacer = new Pacer(1_000, 10, 0);
    pacer.spend(10, 0);
    // The claim took 4 ms and found all ten.
    pacer.refund(0);
    expect(pacer.available(4)).toBe(4);
  });

  it("adds nothing when the clock reads earlier than before", () => {
    const pacer = new Pacer(1_000, 10, 100);
    pacer.spend(10, 100);
    expect(pacer.available(50)).toBe(0);
    expect(pacer.available(105)).toBe(5);
  });
});
