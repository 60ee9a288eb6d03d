import { describe, expect, it } from "vitest";
import { createBlockedAddresses } from "./blocked-addresses";

describe("blocked addresses (issue 20 finding 4)", () => {
  it("drop ended blocks when another is added, though the address never returns", () => {
    const blocked = createBlockedAddresses();
    for (let i = 0; i < 500; i++) blocked.block(`198.51.100.${i}`, 1_000 + 60_000, 1_000);
    expect(blocked.size).toBe(500);
    blocked.block("203.0.113.1", 70_000 + 60_000, 70_000);
    expect(blocked.size).toBe(1);
    expect(blocked.blockedUntil("203.0.113.1", 70_001)).toBe(130_000);
    expect(blocked.blockedUntil("203.0.113.1", 130_000)).toBeUndefined();
    expect(blocked.size).toBe(0);
  });

  it("keep at most `max`, the oldest block dropped first", () => {
    const blocked = createBlockedAddresses(3);
    for (let i = 0; i < 10; i++) blocked.block(`198.51.100.${i}`, 60_000 + i, 0);
    expect(blocked.size).toBe(3);
    expect(blocked.blockedUntil("198.51.100.9", 1)).toBe(60_009);
    expect(blocked.blockedUntil("198.51.100.0", 1)).toBeUndefined();
  });
});
