import { describe, expect, it } from "vitest";
import { expiryAfterDays, KeyLifetimeDays, KeyName, scopesBeyond } from "./key-rules";

describe("the rules of a new key", () => {
  it("names what a caller lacks to issue or revoke a key; an included scope counts as held", () => {
    expect(scopesBeyond(["pets:read", "keys:write"], ["pets:read"])).toEqual([]);
    expect(scopesBeyond(["pets:read"], ["pets:read", "orders:read", "keys:write"])).toEqual([
      "orders:read",
      "keys:write",
    ]);
    expect(scopesBeyond(["orders:write"], ["orders:place"])).toEqual([]);
  });

  it("trims names and bounds them and the lifetime", () => {
    expect(KeyName.parse("  shop ")).toBe("shop");
    expect(KeyName.safeParse(" ").success).toBe(false);
    expect(KeyName.safeParse("x".repeat(101)).success).toBe(false);
    expect([0, 1.5, 100_000].map((days) => KeyLifetimeDays.safeParse(days).success)).toEqual([false, false, false]);
    expect(expiryAfterDays(2, new Date("2027-01-01T00:00:00Z")).toISOString()).toBe("2027-01-03T00:00:00.000Z");
  });
});
