import "server-only";
import { config } from "@/lib/config";
import { getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";

/*
 * How many applications the adopters' form takes from one client address an hour and for one
 * e-mail a day (docs/decisions/194), counted by the API's rate limiter (shared by every
 * instance on PostgreSQL). The e-mail's bucket is its keyed digest, never the address.
 */

const HOUR = 3_600;
const DAY = 86_400;

/**
 * Counts one application; resolves the seconds to wait when the address or the e-mail is
 * over its limit (the application is then not taken), else undefined.
 */
export async function countApplication(address: string, emailDigest: string): Promise<number | undefined> {
  const limiter = await getRateLimiter();
  const buckets: [bucket: string, limit: number, windowSeconds: number][] = [
    [`applications:address:${address}`, config.applicationsPerAddress, HOUR],
    [`applications:email:${emailDigest}`, config.applicationsPerEmail, DAY],
  ];
  let wait = 0;
  for (const [bucket, limit, windowSeconds] of buckets) {
    if (limit === 0) continue;
    const state = await limiter.hit(bucket, limit, windowSeconds);
    if (!state.allowed) wait = Math.max(wait, state.resetSeconds);
  }
  return wait > 0 ? wait : undefined;
}
