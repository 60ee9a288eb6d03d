import type { RateLimitState } from "./rate-limiter";

/**
 * The fields of draft-ietf-httpapi-ratelimit-headers (revision 10), structured-field
 * syntax: `RateLimit-Policy: "per-key";q=600;w=60` names the quota, `RateLimit:
 * "per-key";r=17;t=42` says what is left and when the window resets.
 */
export function rateLimitHeaders(policy: string, limit: number, windowSeconds: number, state: RateLimitState) {
  const headers: Record<string, string> = {
    "RateLimit-Policy": `"${policy}";q=${limit};w=${windowSeconds}`,
    RateLimit: `"${policy}";r=${state.remaining};t=${state.resetSeconds}`,
  };
  // RFC 9110 §10.2.3; the draft asks that it name the same moment as `t`.
  if (!state.allowed) headers["Retry-After"] = String(state.resetSeconds);
  return headers;
}
