/**
 * Whether an authenticator's signature counter may replace the stored one: only forwards.
 * 0 then 0 is an authenticator that keeps no counter (synced passkeys, usually), accepted:
 * for those the used challenge is what stops a replay.
 */
export function counterAdvances(stored: number, presented: number): boolean {
  return presented > stored || (stored === 0 && presented === 0);
}
