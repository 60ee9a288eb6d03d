import type { LoopGateOptions } from "./loop-gate";

/** How deliveries are paced (docs/decisions/198). */
export interface Pace extends Omit<LoopGateOptions, "read"> {
  /** Deliveries started per second at most. */
  perSecond: number;
  /** Deliveries per step: one claim, one hand-over to the sending thread, about one record. */
  batch: number;
}

/**
 * The pace for `perSecond` deliveries a second (PETSTORE_WEBHOOK_RATE): steps of 10 every
 * 10 ms at 1,000/s; a step waits while the server's thread was more than half busy over the
 * last 10 ms, but never more than a second step's time, so that a busy server still delivers at
 * half the pace (at 1,000/s, the 500 events/s of issue 23).
 */
export function paceAt(perSecond: number): Pace {
  const batch = Math.max(1, Math.min(10, Math.round(perSecond / 100)));
  const stepMs = (batch * 1000) / perSecond;
  return { perSecond, batch, busyAbove: 0.5, windowMs: 10, maxWaitMs: 2 * stepMs };
}

/**
 * How many deliveries may start now: a token bucket that fills at `perSecond` and holds at
 * most `batch` (docs/decisions/198). A backlog then drains as an even trickle of small steps,
 * each a short claim and a short record on the server's thread, with the thread free between
 * them for the API's requests, instead of as fast as the receiver answers. Times are in
 * milliseconds from any clock that does not go back.
 */
export class Pacer {
  private tokens: number;
  private at: number;

  constructor(
    private readonly perSecond: number,
    private readonly batch: number,
    now: number,
  ) {
    this.tokens = batch;
    this.at = now;
  }

  /** Deliveries that may start now (at most one batch). */
  available(now: number): number {
    this.refill(now);
    return Math.floor(this.tokens);
  }

  /** Counts `count` deliveries as started (taken before a claim, so that time spent claiming refills). */
  spend(count: number, now: number): void {
    this.refill(now);
    this.tokens = Math.max(0, this.tokens - count);
  }

  /** Gives back what a step took but did not start (a claim that found fewer due). */
  refund(count: number): void {
    this.tokens = Math.min(this.batch, this.tokens + count);
  }

  /** Milliseconds until a whole batch may start: one step takes a batch, not one delivery each. */
  msUntilBatch(now: number): number {
    this.refill(now);
    return Math.ceil(((this.batch - this.tokens) * 1000) / this.perSecond);
  }

  private refill(now: number): void {
    // A clock read twice in one turn, or set back, adds nothing.
    const elapsed = Math.max(0, now - this.at);
    this.tokens = Math.min(this.batch, this.tokens + (elapsed * this.perSecond) / 1000);
    this.at = Math.max(this.at, now);
  }
}
