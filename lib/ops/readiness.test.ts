import { beforeEach, expect, it } from "vitest";
import { currentPhase, enterRequest, markDraining, markReady, requestsSettled } from "./readiness";

beforeEach(() => {
  delete (globalThis as Record<symbol, unknown>)[Symbol.for("petstore.readiness")];
});

it("goes from starting to ready to draining, and never back", () => {
  expect(currentPhase()).toBe("starting");
  markReady();
  expect(currentPhase()).toBe("ready");
  markDraining();
  markReady();
  expect(currentPhase()).toBe("draining");
});

it("settles once the last request under way leaves, each counted out once", async () => {
  const first = enterRequest();
  const second = enterRequest();
  let settled = false;
  const waiting = requestsSettled(5_000).then(() => (settled = true));
  first();
  first();
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(settled).toBe(false);
  second();
  await waiting;
  expect(settled).toBe(true);
});

it("stops waiting after its timeout", async () => {
  enterRequest();
  const started = Date.now();
  await requestsSettled(50);
  expect(Date.now() - started).toBeGreaterThanOrEqual(45);
});

it("settles at once with nothing under way", async () => {
  await requestsSettled(10_000);
});
