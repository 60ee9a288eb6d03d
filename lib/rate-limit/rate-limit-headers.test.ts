import { describe, expect, it } from "vitest";
import { rateLimitHeaders } from "./rate-limit-headers";

describe("rateLimitHeaders", () => {
  it("writes the draft's structured-field items, and Retry-After equal to t when refused", () => {
    expect(rateLimitHeaders("per-key", 600, 60, { allowed: true, remaining: 17, resetSeconds: 42 })).toEqual({
      "RateLimit-Policy": '"per-key";q=600;w=60',
      RateLimit: '"per-key";r=17;t=42',
    });
    expect(rateLimitHeaders("failed-auth", 20, 60, { allowed: false, remaining: 0, resetSeconds: 9 })).toEqual({
      "RateLimit-Policy": '"failed-auth";q=20;w=60',
      RateLimit: '"failed-auth";r=0;t=9',
      "Retry-After": "9",
    });
  });
});
