import { describe, expect, it } from "vitest";
import { clientAddressOf } from "./client-address";
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

describe("clientAddressOf", () => {
  const withForwarded = (value?: string) =>
    new Request("http://x/v1/pets", value === undefined ? {} : { headers: { "X-Forwarded-For": value } });

  it("takes the last X-Forwarded-For entry: the one our side of the connection added", () => {
    expect(clientAddressOf(withForwarded("203.0.113.9, 10.0.0.2"))).toBe("10.0.0.2");
    expect(clientAddressOf(withForwarded("::1"))).toBe("::1");
    expect(clientAddressOf(withForwarded())).toBe("unknown");
  });
});
