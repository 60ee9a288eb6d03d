import "server-only";
import { nowMs } from "@/lib/clock";

/** PETSTORE_EVENT_RETENTION_DAYS's default (docs/decisions/161). */
export const DEFAULT_EVENT_RETENTION_DAYS = 30;

/** How often a store drops expired events: an hour lets at most an hour's extra through. */
const PRUNE_EVERY_MS = 60 * 60 * 1000;

/**
 * Background pruning of one store's event log: once at open, then hourly, never keeping
 * the process alive. A failure is retried at the next tick (the events stay a little longer).
 */
export class EventRetention {
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly retentionMs: number,
    private readonly prune: (before: Date) => Promise<number>,
    everyMs = PRUNE_EVERY_MS,
  ) {
    this.tick();
    this.timer = setInterval(() => this.tick(), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }

  private tick(): void {
    this.prune(new Date(nowMs() - this.retentionMs)).catch(() => undefined);
  }
}
