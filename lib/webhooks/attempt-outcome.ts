import type { SendOutcome } from "./send-message";
import { nextRetryDelay } from "./retry-schedule";
import type { AttemptResult, DeliveryRecord } from "./webhook-store";

/** The event type of a test ping: a ping says nothing about an endpoint's health. */
export const PING_TYPE = "webhook.ping";

/**
 * What one attempt's outcome makes of its delivery and endpoint: a 2xx delivers it (and an
 * endpoint that was failing is healthy again); 410 Gone fails it and disables the endpoint;
 * anything else retries on the schedule (docs/decisions/165) until the attempts run out,
 * when the endpoint is marked failing with the reason.
 */
export function attemptResult(
  delivery: DeliveryRecord,
  outcome: SendOutcome,
  at: Date,
  schedule: readonly number[],
  random: () => number = Math.random,
): AttemptResult {
  const attempt = {
    at: at.toISOString(),
    durationMs: outcome.durationMs,
    ...(outcome.statusCode === undefined ? {} : { statusCode: outcome.statusCode }),
    ...(outcome.responseBody ? { responseBody: outcome.responseBody } : {}),
    ...(outcome.error ? { error: outcome.error } : {}),
  };
  const base = { deliveryId: delivery.id, endpointId: delivery.endpointId, attempt };
  const ping = delivery.eventType === PING_TYPE;
  const status = outcome.statusCode;
  if (status !== undefined && status >= 200 && status < 300) {
    return { ...base, status: "delivered", ...(ping ? {} : { endpointHealth: { health: "healthy" } }) };
  }
  if (status === 410 && !ping) {
    return {
      ...base,
      status: "failed",
      endpointHealth: { health: "disabled", reason: `The receiver answered 410 Gone at ${attempt.at}.`, disable: true },
    };
  }
  const made = delivery.attempts.length + 1;
  const delay = made < delivery.maxAttempts ? nextRetryDelay(schedule, made, outcome.retryAfterMs, random) : undefined;
  if (delay !== undefined) {
    return { ...base, status: "pending", nextAttemptAt: new Date(at.getTime() + delay).toISOString() };
  }
  if (ping) return { ...base, status: "failed" };
  const why = status === undefined ? (outcome.error ?? "no answer") : `HTTP ${status}`;
  return {
    ...base,
    status: "failed",
    endpointHealth: {
      health: "failing",
      reason: `Delivery ${delivery.id} (${delivery.eventType}) failed after ${made} attempt(s); the last: ${why}.`,
    },
  };
}
