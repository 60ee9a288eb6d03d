import type { PersonRecord, SessionRecord } from "./person";

/** How long sessions last: idle (since last use) and absolute (since sign-in). */
export interface SessionLifetimes {
  idleMs: number;
  maxMs: number;
}

/**
 * A session's last use is written at most this often, so the idle expiry is exact to within
 * it and a busy console costs one write per five minutes, not one per request.
 */
export const TOUCH_EVERY_MS = 5 * 60_000;

/** True while the session may act: open, within both expiries, its person active. */
export function isLive(
  session: SessionRecord,
  person: PersonRecord | undefined,
  now: number,
  lifetimes: SessionLifetimes,
): boolean {
  if (session.endedAt || !person?.active) return false;
  if (Date.parse(session.expiresAt) <= now) return false;
  return Date.parse(session.lastSeenAt) + lifetimes.idleMs > now;
}

/** When the session ends if not used again: the earlier of its idle and absolute expiries. */
export function endsAt(session: SessionRecord, lifetimes: SessionLifetimes): string {
  const idle = Date.parse(session.lastSeenAt) + lifetimes.idleMs;
  return new Date(Math.min(idle, Date.parse(session.expiresAt))).toISOString();
}

/** True when a use at `now` should move the session's last use forward in the store. */
export function dueForTouch(session: SessionRecord, now: number): boolean {
  return now - Date.parse(session.lastSeenAt) >= TOUCH_EVERY_MS;
}

/** The User-Agent as kept with a session: enough to tell browsers apart, bounded. */
export function userAgentOf(request: Request): string {
  return (request.headers.get("user-agent") ?? "").slice(0, 200);
}
