/** Addresses kept blocked at most: past it the oldest block is dropped (its count in the limiter still holds). */
export const MAX_BLOCKED_ADDRESSES = 10_000;

/**
 * Addresses over their failed-authentication limit, with when their block ends (ms). Every
 * block lasts until its window's end, so insertion order is expiry order: ended blocks are
 * dropped from the front whenever one is added, and at most `max` are kept, so an address
 * that never returns does not stay.
 */
export interface BlockedAddresses {
  readonly size: number;
  block(address: string, until: number, now: number): void;
  /** When the address's block ends, or undefined when it is not blocked (an ended block is dropped). */
  blockedUntil(address: string, now: number): number | undefined;
}

export function createBlockedAddresses(max = MAX_BLOCKED_ADDRESSES): BlockedAddresses {
  const until = new Map<string, number>();
  return {
    get size() {
      return until.size;
    },
    block(address, end, now) {
      until.delete(address); // re-added at the end, in expiry order
      for (const [oldest, ends] of until) {
        if (ends > now && until.size < max) break;
        until.delete(oldest);
      }
      until.set(address, end);
    },
    blockedUntil(address, now) {
      const end = until.get(address);
      if (end === undefined || end > now) return end;
      until.delete(address);
      return undefined;
    },
  };
}
