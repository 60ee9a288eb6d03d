import "server-only";
import { createHash } from "node:crypto";
import { ApiError } from "@/lib/api/errors";
import { nowMs } from "@/lib/clock";
import { globalSlot } from "@/lib/ops/global-slot";
import { getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";

/**
 * Failed sign-ins allowed per window: per account (counted by the e-mail typed, whether or
 * not it names an account, so the limit tells nothing about which e-mails exist) and per
 * client address. Counted by the API's rate limiter (shared by every instance on
 * PostgreSQL); once over, the account or address is refused before any password is hashed
 * until the window ends (docs/decisions/189).
 */
export const SIGN_IN_LIMITS = { perAccount: 10, perAddress: 30, windowSeconds: 15 * 60 } as const;

// Accounts and addresses over their limit, until when (per process: checked before hashing).
const blocked = () => globalSlot("signInBlocked", () => new Map<string, number>());
/** At most this many blocks are kept; past it the oldest go (they only ever let more attempts through). */
const MAX_BLOCKED = 10_000;

const accountBucket = (email: string) => `sign-in:account:${createHash("sha256").update(email).digest("hex")}`;
const addressBucket = (address: string) => `sign-in:address:${address}`;

/** The buckets a sign-in counts in: its account's when it names one (a passkey may not), and its address's. */
const bucketsOf = (email: string | undefined, address: string): [bucket: string, limit: number][] => [
  ...(email === undefined ? [] : [[accountBucket(email), SIGN_IN_LIMITS.perAccount] as [string, number]]),
  [addressBucket(address), SIGN_IN_LIMITS.perAddress],
];

/** Throws the 429 while the e-mail's account or the address is over its limit. */
export function refuseWhileLimited(email: string | undefined, address: string): void {
  const now = nowMs();
  for (const [bucket] of bucketsOf(email, address)) {
    const until = blocked().get(bucket);
    if (until === undefined) continue;
    if (until <= now) blocked().delete(bucket);
    else throw limited(Math.ceil((until - now) / 1000));
  }
}

/** Counts a failed sign-in; the 429 to answer instead of `refusal` once a limit is passed. */
export async function countFailure(email: string | undefined, address: string, refusal: ApiError): Promise<ApiError> {
  const { windowSeconds } = SIGN_IN_LIMITS;
  const limiter = await getRateLimiter();
  let resetSeconds = 0;
  for (const [bucket, limit] of bucketsOf(email, address)) {
    const state = await limiter.hit(bucket, limit, windowSeconds);
    if (state.allowed) continue;
    blocked().set(bucket, nowMs() + state.resetSeconds * 1000);
    if (blocked().size > MAX_BLOCKED) blocked().delete(blocked().keys().next().value!);
    resetSeconds = Math.max(resetSeconds, state.resetSeconds);
  }
  return resetSeconds > 0 ? limited(resetSeconds) : refusal;
}

function limited(retryAfterSeconds: number): ApiError {
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return new ApiError(
    429,
    "rate_limited",
    `Too many failed sign-ins for this account or from this address; try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
    undefined,
    { "Retry-After": String(retryAfterSeconds) },
  );
}
