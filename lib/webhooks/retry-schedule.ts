/**
 * When a failed delivery is tried again, counted from the failed attempt (docs/decisions/165):
 * ten attempts over about three days, Standard Webhooks' and Svix's published schedule
 * stretched at the end so a receiver down over a long weekend still gets its messages.
 */
export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  14 * 3_600_000,
  20 * 3_600_000,
  24 * 3_600_000,
];

/** A Retry-After longer than this is not waited for: the schedule's longest step. */
const MAX_RETRY_AFTER_MS = 24 * 3_600_000;

/** Up to this share of a wait is added or taken at random, so receivers that failed together are not retried together. */
const JITTER = 0.2;

/**
 * The wait before the next attempt after `attemptsMade` attempts have failed, or undefined
 * when the schedule is spent. A Retry-After the receiver sent wins when it asks for longer.
 */
export function nextRetryDelay(
  schedule: readonly number[],
  attemptsMade: number,
  retryAfterMs: number | undefined,
  random: () => number = Math.random,
): number | undefined {
  const step = schedule[attemptsMade - 1];
  if (step === undefined) return undefined;
  const jittered = Math.round(step * (1 + JITTER * (2 * random() - 1)));
  return retryAfterMs === undefined ? jittered : Math.max(jittered, Math.min(retryAfterMs, MAX_RETRY_AFTER_MS));
}

/** RFC 9110 §10.2.3: Retry-After as delay-seconds or an HTTP-date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number): number | undefined {
  if (!value) return undefined;
  const text = value.trim();
  if (/^[0-9]{1,9}$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now);
}

/** Parses `5s,5m,30m,2h` (also `ms`): the schedule a test or an operator sets instead of the default. */
export function parseRetrySchedule(text: string): number[] | { error: string } {
  const units: Record<string, number> = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };
  const steps: number[] = [];
  for (const [index, entry] of text.split(",").entries()) {
    const match = /^\s*([0-9]{1,7})(ms|s|m|h)\s*$/.exec(entry);
    if (!match) return { error: `entry ${index + 1} is not a duration such as 500ms, 5s, 5m or 2h` };
    steps.push(Number(match[1]) * units[match[2]!]!);
  }
  return steps;
}
