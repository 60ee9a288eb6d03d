import "server-only";
import { config } from "@/lib/config";
import { globalSlot } from "@/lib/ops/global-slot";
import { clientAddressOf } from "@/lib/rate-limit/client-address";
import { createBlockedAddresses } from "@/lib/rate-limit/blocked-addresses";
import { getRateLimiter } from "@/lib/rate-limit/get-rate-limiter";
import { rateLimitHeaders } from "@/lib/rate-limit/rate-limit-headers";
import type { RateLimitState } from "@/lib/rate-limit/rate-limiter";
import type { Caller } from "@/lib/keys/caller";
import { ApiError } from "./api-error";
import { thenMaybe, type MaybePromise } from "@/lib/maybe-promise";
import { nowMs } from "@/lib/clock";

// Addresses over their failed-authentication limit, until when. Checked before the key, so
// a correct guess made while blocked is refused like the wrong ones were.
const blockedAddresses = () => globalSlot("blockedAddresses", () => createBlockedAddresses());

const NO_HEADERS: Readonly<Record<string, string>> = Object.freeze({});

/**
 * Counts a request against its key's quota; the headers to send, or a 429 when over it.
 * At once with the in-memory counter; a promise with the database's.
 */
export function limitCaller(caller: Caller): MaybePromise<Readonly<Record<string, string>>> {
  const { rateLimit: limit, rateLimitWindowSeconds: window } = config;
  if (limit === 0) return NO_HEADERS;
  return thenMaybe(count(bucketOf(caller), limit, window), (state) => {
    if (!state) return NO_HEADERS;
    const headers = rateLimitHeaders("per-key", limit, window, state);
    if (!state.allowed) {
      throw tooMany(`This API key made more than ${limit} requests in ${window} s; retry later.`, headers);
    }
    return headers;
  });
}

// Each key's bucket name, made once per Caller (callers are shared per key: authenticate.ts).
const buckets = new WeakMap<Caller, string>();

function bucketOf(caller: Caller): string {
  let bucket = buckets.get(caller);
  if (bucket === undefined) buckets.set(caller, (bucket = `key:${caller.keyId}`));
  return bucket;
}

/** A 429 while the request's address is over its failed-authentication limit. */
export function refuseBlockedAddress(request: Request): void {
  const blocked = blockedAddresses();
  if (blocked.size === 0) return; // the usual case: no address to find
  const now = nowMs();
  const until = blocked.blockedUntil(clientAddressOf(request), now);
  if (until === undefined) return;
  const resetSeconds = Math.ceil((until - now) / 1000);
  throw authFailuresError({ allowed: false, remaining: 0, resetSeconds });
}

/**
 * Counts a failed authentication: the 429 to answer once the address is over its limit,
 * else `refusal` (the 401) carrying the failed-auth RateLimit fields.
 */
export async function countAuthFailure(request: Request, refusal: ApiError): Promise<ApiError> {
  const { authFailureLimit: limit, rateLimitWindowSeconds: window } = config;
  if (limit === 0) return refusal;
  const address = clientAddressOf(request);
  const state = await count(`auth:${address}`, limit, window);
  if (!state) return refusal;
  if (state.allowed) {
    const headers = { ...refusal.headers, ...rateLimitHeaders("failed-auth", limit, window, state) };
    return new ApiError(refusal.status, refusal.code, refusal.message, refusal.details, headers);
  }
  const now = nowMs();
  blockedAddresses().block(address, now + state.resetSeconds * 1000, now);
  return authFailuresError(state);
}

function authFailuresError(state: RateLimitState): ApiError {
  const { authFailureLimit: limit, rateLimitWindowSeconds: window } = config;
  return tooMany(
    `Too many failed authentications from this address; retry in ${state.resetSeconds} s.`,
    rateLimitHeaders("failed-auth", limit, window, state),
  );
}

/** Undefined when the counter cannot be reached: limits fail open rather than take the API down with them. */
function count(bucket: string, limit: number, window: number): MaybePromise<RateLimitState | undefined> {
  try {
    const state = thenMaybe(getRateLimiter(), (limiter) => limiter.hit(bucket, limit, window));
    return state instanceof Promise ? state.catch(failOpen) : state;
  } catch (error) {
    return failOpen(error);
  }
}

function failOpen(error: unknown): undefined {
  console.warn(`Pet Store: rate limit not checked (${error instanceof Error ? error.message : String(error)})`);
  return undefined;
}

function tooMany(message: string, headers: Record<string, string>): ApiError {
  return new ApiError(429, "rate_limited", message, undefined, headers);
}
