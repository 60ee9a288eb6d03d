import { globalSlot } from "@/lib/ops/global-slot";

/**
 * Milliseconds since the epoch, as Date.now() gives them, read from the platform's own
 * Date.now. Next swaps in a Date whose now() first looks up two async storages, to catch
 * prerenders that read the clock (next/dist/server/node-environment-extensions/date.js);
 * with Next's async context tracking on, that costs about a microsecond a call, several
 * calls a request, for a check that never applies to /v1 (docs/decisions/113). The
 * function kept is Date.now as it was when a bundle first loaded this module: the front
 * server's own before Next starts (server.ts), the platform's; under `next start`,
 * whatever Next left there, which tells the same time.
 */
const platformNow = globalSlot("platformDateNow", () => Date.now);

export function nowMs(): number {
  return platformNow();
}

/** Now as RFC 3339 in UTC, from the same clock. */
export function nowIso(): string {
  return new Date(platformNow()).toISOString();
}
