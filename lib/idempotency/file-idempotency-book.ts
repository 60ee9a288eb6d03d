import type { Claim } from "@/lib/idempotency/idempotency-store";
import type { IdempotencyEntry } from "./file-idempotency-line";

/** How often expired records are dropped from memory, at most. */
const SWEEP_EVERY_MS = 60_000;

/**
 * The file store's idempotency records in memory: completed requests, read from the
 * journal and snapshot or committed since, and the claims of requests running now. Claims
 * live only here: the directory's lock means one process serves it, so a claim dies with
 * the process that ran it, and a write that committed under it carries its own record.
 */
export class IdempotencyBook {
  private readonly done = new Map<string, IdempotencyEntry>();
  private readonly running = new Map<string, { fingerprint: string; claimedAt: number }>();
  private sweptAt = 0;

  claim(key: string, fingerprint: string, now: number, claimedAt = now): Claim {
    this.sweep(now);
    const entry = this.done.get(key);
    if (entry && entry.expiresAt > now) {
      return entry.fingerprint === fingerprint ? { kind: "done", response: entry.response } : { kind: "mismatch" };
    }
    const holder = this.running.get(key);
    if (holder) return holder.fingerprint === fingerprint ? { kind: "running" } : { kind: "mismatch" };
    this.done.delete(key);
    this.running.set(key, { fingerprint, claimedAt });
    return { kind: "claimed" };
  }

  /** Drops a claim that is still this one (a later claim of the key is not ours to drop). */
  release(key: string, claimedAt: number): void {
    if (this.running.get(key)?.claimedAt === claimedAt) this.running.delete(key);
  }

  /** A record read from disk, or committed: the request it answers is no longer running. */
  put(entry: IdempotencyEntry): void {
    this.running.delete(entry.key);
    this.done.set(entry.key, entry);
  }

  /** Records not expired at `now` (for the snapshot). */
  live(now: number): IdempotencyEntry[] {
    return [...this.done.values()].filter((entry) => entry.expiresAt > now);
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < SWEEP_EVERY_MS) return;
    this.sweptAt = now;
    for (const [key, entry] of this.done) if (entry.expiresAt <= now) this.done.delete(key);
  }
}
