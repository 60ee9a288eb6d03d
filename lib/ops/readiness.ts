import { globalSlot } from "./global-slot";

export type Phase = "starting" | "ready" | "draining";

/**
 * Where this process is in its life, and how many /v1 requests are under way: /readyz
 * answers from the phase, and a stop waits for the count to reach zero before it closes
 * the store. One per process across bundles (lib/ops/global-slot.ts).
 */
interface State {
  phase: Phase;
  inFlight: number;
  idleWaiters: (() => void)[];
}

const state = (): State => globalSlot<State>("readiness", () => ({ phase: "starting", inFlight: 0, idleWaiters: [] }));

export function currentPhase(): Phase {
  return state().phase;
}

/** Start-up finished: the store is open. A draining process never becomes ready again. */
export function markReady(): void {
  if (state().phase === "starting") state().phase = "ready";
}

/** A stop was asked for: /readyz answers 503 from now on. */
export function markDraining(): void {
  state().phase = "draining";
}

/** Counts one request in; the returned function counts it out. */
export function enterRequest(): () => void {
  const current = state();
  current.inFlight++;
  let left = false;
  return () => {
    if (left) return;
    left = true;
    if (--current.inFlight === 0) for (const wake of current.idleWaiters.splice(0)) wake();
  };
}

/** Resolves once no request is under way, or after `timeoutMs` whatever is left. */
export function requestsSettled(timeoutMs: number): Promise<void> {
  const current = state();
  if (current.inFlight === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, timeoutMs);
    current.idleWaiters.push(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
