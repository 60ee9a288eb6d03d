import { afterEach, describe, expect, it } from "vitest";
import { Dispatcher, deliveryOf } from "./dispatcher";
import type { LoopTimes } from "./loop-gate";
import { paceAt } from "./pacer";
import type { ClaimedDelivery, WebhookStore } from "./webhook-store";

/** A store with `backlog` deliveries due, which counts what each claim asked for. */
function storeWith(backlog: number) {
  const limits: number[] = [];
  let left = backlog;
  const store = {
    listEndpoints: async () => [],
    claimDue: async (_now: Date, limit: number): Promise<ClaimedDelivery[]> => {
      limits.push(limit);
      const count = Math.min(limit, left);
      left -= count;
      return Array.from({ length: count }, (_, index) => ({
        delivery: deliveryOf("we_1", { id: `evt_${left + index}` } as never, new Date().toISOString(), []),
        url: "https://example.org/hook",
        secrets: ["whsec_x"],
      }));
    },
    recordAttempts: async () => {},
  } as unknown as WebhookStore;
  return { store, limits, claimed: () => backlog - left };
}

async function settled() {
  for (let turn = 0; turn < 20; turn += 1) await new Promise((resolve) => setImmediate(resolve));
}

describe("the dispatcher's pace", () => {
  let dispatcher: Dispatcher | undefined;
  afterEach(() => dispatcher?.stop(0));

  function start(store: WebhookStore, clock: { now: number }, loop: LoopTimes) {
    dispatcher = new Dispatcher({
      store,
      events: { readEvents: async () => [], latestSequence: async () => 0, onEventsAppended: () => () => {} },
      sender: { send: async () => ({ statusCode: 204, durationMs: 1 }), close() {} },
      schedule: [],
      concurrency: 32,
      timeoutMs: 1_000,
      pollMs: 60_000,
      pace: paceAt(1_000),
      now: () => clock.now,
      loopTimes: () => ({ ...loop }),
    });
  }

  it("claims a batch per step, and no more until the clock lets another batch start", async () => {
    const { store, limits, claimed } = storeWith(100);
    const clock = { now: 0 };
    start(store, clock, { active: 0, idle: 0 });
    await settled();
    expect(limits).toEqual([10]);
    // Sends finishing ask for more, but the clock has not moved.
    dispatcher!.claim();
    await settled();
    expect(claimed()).toBe(10);
    clock.now = 10;
    dispatcher!.claim();
    await settled();
    expect(limits).toEqual([10, 10]);
  });

  it("holds a step back while the server's thread is busy, at most two steps' time", async () => {
    const { store, claimed } = storeWith(100);
    const clock = { now: 0 };
    const loop = { active: 0, idle: 0 };
    start(store, clock, loop);
    await settled();
    expect(claimed()).toBe(10);
    // The next 10 ms: the thread worked 8 of them.
    clock.now = 10;
    loop.active = 8;
    loop.idle = 2;
    dispatcher!.claim();
    await settled();
    expect(claimed()).toBe(10);
    // Still busy 10 ms later: the step has waited long enough and goes.
    clock.now = 20;
    loop.active = 16;
    loop.idle = 4;
    dispatcher!.claim();
    await settled();
    expect(claimed()).toBe(20);
  });
});
