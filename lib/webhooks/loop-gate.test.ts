import { describe, expect, it } from "vitest";
import { LoopGate, type LoopTimes } from "./loop-gate";

/** A gate over loop times the test moves by hand: `work(ms)` and `wait(ms)` advance both clocks. */
function gateAt(busyAbove = 0.5, windowMs = 10, maxWaitMs = 20) {
  const times: LoopTimes = { active: 0, idle: 0 };
  let now = 0;
  const gate = new LoopGate({ read: () => ({ ...times }), busyAbove, windowMs, maxWaitMs }, now);
  return {
    gate,
    now: () => now,
    work(ms: number) {
      times.active += ms;
      now += ms;
    },
    wait(ms: number) {
      times.idle += ms;
      now += ms;
    },
  };
}

describe("the event-loop gate", () => {
  it("lets steps through while the thread is mostly idle", () => {
    const loop = gateAt();
    loop.wait(8);
    loop.work(2);
    expect(loop.gate.pass(loop.now())).toBe(true);
  });

  it("holds a step back after a busy window, then lets it through once a quiet window follows", () => {
    const loop = gateAt();
    loop.wait(2);
    loop.work(8);
    expect(loop.gate.pass(loop.now())).toBe(false);
    loop.wait(10);
    expect(loop.gate.pass(loop.now())).toBe(true);
  });

  it("keeps its verdict until a whole window has passed", () => {
    const loop = gateAt();
    loop.work(10);
    expect(loop.gate.pass(loop.now())).toBe(false);
    loop.wait(5);
    // Half a window of quiet says little: still busy.
    expect(loop.gate.pass(loop.now())).toBe(false);
  });

  it("never holds a step back longer than maxWaitMs, however busy the thread stays", () => {
    const loop = gateAt(0.5, 10, 20);
    const passed: number[] = [];
    for (let step = 0; step < 12; step += 1) {
      loop.work(5);
      if (loop.gate.pass(loop.now())) passed.push(loop.now());
    }
    // The first before any window has passed (no verdict yet), then one each maxWaitMs.
    expect(passed).toEqual([5, 25, 45]);
  });
});
