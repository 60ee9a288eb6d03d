/** Cumulative milliseconds the event loop spent working and waiting (performance.eventLoopUtilization()). */
export interface LoopTimes {
  active: number;
  idle: number;
}

export interface LoopGateOptions {
  /** Loop times so far: performance.eventLoopUtilization, or a test's own. */
  read: () => LoopTimes;
  /** The share of the last window (0 to 1) above which the thread counts as busy. */
  busyAbove: number;
  /** How long a window is: shorter ones say more about one callback than about the load. */
  windowMs: number;
  /** The longest a busy thread holds deliveries back: a saturated server still delivers. */
  maxWaitMs: number;
}

/**
 * Whether a delivery step may start now (docs/decisions/198): not while the server's thread
 * has been busy with other work (the API's requests) over the last window, so that a backlog
 * drains in the thread's quiet moments, and a burst of requests does not queue behind claims,
 * records and the sending thread's work. The verdict is made again once a window has passed,
 * from that window alone: a burst that has ended no longer counts.
 */
export class LoopGate {
  private windowStart: number;
  private windowTimes: LoopTimes;
  private busy = false;
  private lastPassed: number;

  constructor(
    private readonly options: LoopGateOptions,
    now: number,
  ) {
    this.windowStart = now;
    this.windowTimes = options.read();
    this.lastPassed = now;
  }

  /** Whether a step may start now; true means it starts (the wait is counted from here). */
  pass(now: number): boolean {
    this.look(now);
    if (this.busy && now - this.lastPassed < this.options.maxWaitMs) return false;
    this.lastPassed = now;
    return true;
  }

  private look(now: number): void {
    if (now - this.windowStart < this.options.windowMs) return;
    const times = this.options.read();
    const active = times.active - this.windowTimes.active;
    const total = active + (times.idle - this.windowTimes.idle);
    this.busy = total > 0 && active / total > this.options.busyAbove;
    this.windowStart = now;
    this.windowTimes = times;
  }
}
